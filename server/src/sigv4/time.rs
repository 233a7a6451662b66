//! The two timestamp formats SigV4 deals in (`20240101T000000Z` and HTTP dates), without a calendar
//! dependency: the engine's `calendar` does the day arithmetic.

/// Parse ISO-8601 basic format `YYYYMMDDTHHMMSSZ` into Unix seconds.
pub fn parse_amz_date(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    if b.len() != 16 || b[8] != b'T' || b[15] != b'Z' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<u32> {
        let part = s.get(r)?;
        if part.bytes().all(|c| c.is_ascii_digit()) { part.parse().ok() } else { None }
    };
    let (y, mo, d, h, mi, se) = (num(0..4)?, num(4..6)?, num(6..8)?, num(9..11)?, num(11..13)?, num(13..15)?);
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || h > 23 || mi > 59 || se > 60 {
        return None;
    }
    Some(engine::calendar::days_from_civil(i64::from(y), mo, d) * 86_400 + i64::from(h * 3600 + mi * 60 + se))
}

/// Format Unix seconds as `YYYYMMDDTHHMMSSZ`.
pub fn format_amz_date(secs: i64) -> String {
    let (y, m, d) = engine::calendar::civil_from_days(secs.div_euclid(86_400));
    let t = secs.rem_euclid(86_400);
    format!("{y:04}{m:02}{d:02}T{:02}{:02}{:02}Z", t / 3600, t % 3600 / 60, t % 60)
}

/// An HTTP `Date` header (RFC 1123 and the other forms HTTP allows) into Unix seconds.
pub fn parse_http_date(s: &str) -> Option<i64> {
    let t = httpdate::parse_http_date(s).ok()?;
    let secs = t.duration_since(std::time::UNIX_EPOCH).ok()?.as_secs();
    i64::try_from(secs).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for s in ["19700101T000000Z", "20150830T123600Z", "20240229T235959Z", "21000301T000000Z"] {
            let secs = parse_amz_date(s).unwrap_or(-1);
            assert_eq!(format_amz_date(secs), s);
        }
        assert_eq!(parse_amz_date("20150830T123600Z"), Some(1_440_938_160));
        for bad in ["2015083T123600Z", "20151330T123600Z", "20150830 123600Z", "20150830T123600", "2015-8-30T12:36:00Z", "201"] {
            assert_eq!(parse_amz_date(bad), None, "{bad}");
        }
        assert_eq!(parse_http_date("Sun, 30 Aug 2015 12:36:00 GMT"), Some(1_440_938_160));
    }
}
