//! DynamoDB's `N` type: an exact decimal of up to 38 significant digits, magnitude 1E-130 ..
//! 9.99..9E+125 or zero. No floating point anywhere.
//!
//! INTERFACE CONTRACT (other modules rely on these signatures):
//! - `Number::parse(&str) -> Result<Number, NumberError>` accepts DynamoDB's number syntax
//!   (optional sign, digits, optional fraction, optional exponent, leading/trailing zeros insignificant).
//! - `Display` prints the canonical form DynamoDB returns ("1.50" -> "1.5", "1E+2" -> "100", "-0" -> "0").
//! - `Ord`/`Eq`/`Hash` are numeric (`1.50 == 1.5`), because the representation is normalised.
//! - `checked_add` / `checked_sub` are exact, with DynamoDB's overflow/underflow/precision errors.
//! - `stored_size()` is the byte size DynamoDB charges for the value.
//!
//! Canonical text is always plain positional notation, never an exponent: DynamoDB answers
//! `{"N":"1e125"}` with a 1 followed by 125 zeros, and `1e-130` as `0.` + 129 zeros + `1`
//! (dynalite reproduces this with `Big#toFixed`). Clients parse it back exactly either way.

mod arith;
mod parse;

use alloc::string::String;
use core::cmp::Ordering;
use core::fmt;

/// Largest number of significant decimal digits DynamoDB stores.
pub const MAX_DIGITS: u32 = 38;
/// Largest allowed decimal exponent of the leading digit (9.99..E+125).
pub const MAX_ADJUSTED_EXPONENT: i64 = 125;
/// Smallest allowed decimal exponent of the leading digit (1E-130).
pub const MIN_ADJUSTED_EXPONENT: i64 = -130;

/// An exact decimal: `(-1)^negative * coefficient * 10^exponent`, normalised so that the
/// coefficient has no trailing zeros (zero is `coefficient == 0, exponent == 0, negative == false`).
/// The normal form is unique, which is what makes the derived `Eq`/`Hash` numeric.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
// Packed to 8-byte alignment: a `u128` field would otherwise align the struct (and so every
// `AttributeValue`) to 16 bytes, making each stored attribute 48 bytes instead of 32.
#[repr(Rust, packed(8))]
pub struct Number {
    negative: bool,
    /// At most 38 decimal digits (< 10^38, fits in u128).
    coefficient: u128,
    exponent: i32,
}

/// Why a number was rejected or an arithmetic result cannot be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NumberError {
    /// Not DynamoDB number syntax ("abc", "1e", "", "--1", " 1", "NaN").
    Invalid,
    /// More than 38 significant digits in a supplied number.
    TooManyDigits,
    /// Magnitude above 9.9999999999999999999999999999999999999E+125.
    Overflow,
    /// Non-zero magnitude below 1E-130.
    Underflow,
    /// An arithmetic result (`SET a = a + :v`, `ADD`) that would need more than 38 significant
    /// digits. DynamoDB refuses rather than rounds, and words it as an overflow (observed by
    /// Scylla's Alternator tests against AWS: `1e50 + 1` fails with the overflow message).
    Imprecise,
}

const INVALID_MSG: &str = "The parameter cannot be converted to a numeric value";
const OVERFLOW_MSG: &str = "Number overflow. Attempting to store a number with magnitude larger than supported range";

impl NumberError {
    /// DynamoDB's message for this failure, as a ValidationException would carry it.
    /// For `Invalid`, DynamoDB appends the offending text: see [`NumberError::message_for`].
    pub fn message(&self) -> &'static str {
        match self {
            NumberError::Invalid => INVALID_MSG,
            NumberError::TooManyDigits => "Attempting to store more than 38 significant digits in a Number",
            NumberError::Overflow | NumberError::Imprecise => OVERFLOW_MSG,
            NumberError::Underflow => {
                "Number underflow. Attempting to store a number with magnitude smaller than supported range"
            }
        }
    }

    /// The full message for a rejected input string: DynamoDB says
    /// "The parameter cannot be converted to a numeric value: abc", but leaves the suffix off
    /// for an empty string.
    pub fn message_for(&self, input: &str) -> String {
        let mut m = String::from(self.message());
        if *self == NumberError::Invalid && !input.is_empty() {
            m.push_str(": ");
            m.push_str(input);
        }
        m
    }
}

impl fmt::Display for NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

/// `10^n` for `n <= 38`.
pub(crate) fn pow10(n: u32) -> u128 {
    10u128.pow(n)
}

/// Number of decimal digits of a non-zero `c`.
pub(crate) fn digit_count(c: u128) -> u32 {
    if c == 0 {
        0
    } else {
        c.ilog10() + 1
    }
}

impl Number {
    pub const ZERO: Number = Number { negative: false, coefficient: 0, exponent: 0 };

    /// Parses DynamoDB's number syntax: `[+-]digits[.digits][(e|E)[+-]digits]`, with at least one
    /// mantissa digit on either side of the point (".5" and "5." are numbers). No whitespace,
    /// no "NaN"/"Infinity", no hex.
    pub fn parse(s: &str) -> Result<Number, NumberError> {
        parse::parse(s)
    }

    pub fn from_i64(v: i64) -> Number {
        Self::from_parts_unchecked(v < 0, u128::from(v.unsigned_abs()), 0)
    }

    pub fn from_u64(v: u64) -> Number {
        Self::from_parts_unchecked(false, u128::from(v), 0)
    }

    /// Builds `(-1)^negative * coefficient * 10^exponent`, checking DynamoDB's limits.
    /// Used by arithmetic; `Imprecise` reports more than 38 digits (the arithmetic wording).
    pub fn from_parts(negative: bool, coefficient: u128, exponent: i32) -> Result<Number, NumberError> {
        arith::normalize(negative, coefficient, i64::from(exponent))
    }

    /// Normalises values known to be in range (at most 20 digits, exponent 0).
    fn from_parts_unchecked(negative: bool, mut coefficient: u128, mut exponent: i32) -> Number {
        if coefficient == 0 {
            return Number::ZERO;
        }
        while coefficient.is_multiple_of(10) {
            coefficient /= 10;
            exponent += 1;
        }
        Number { negative, coefficient, exponent }
    }

    pub fn checked_add(&self, other: &Number) -> Result<Number, NumberError> {
        arith::add(self, other)
    }

    pub fn checked_sub(&self, other: &Number) -> Result<Number, NumberError> {
        arith::add(self, &other.negated())
    }

    /// Negation never leaves the range (it is symmetric), so it cannot fail.
    pub fn negated(&self) -> Number {
        if self.is_zero() {
            *self
        } else {
            Number { negative: !self.negative, ..*self }
        }
    }

    pub fn abs(&self) -> Number {
        Number { negative: false, ..*self }
    }

    pub fn is_zero(&self) -> bool {
        self.coefficient == 0
    }

    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// The normalised coefficient (no trailing zeros; 0 for zero).
    pub fn coefficient(&self) -> u128 {
        self.coefficient
    }

    /// The exponent of the coefficient's last digit.
    pub fn exponent(&self) -> i32 {
        self.exponent
    }

    /// Significant digits (0 for zero).
    pub fn digits(&self) -> u32 {
        digit_count(self.coefficient)
    }

    /// Exponent of the leading digit in scientific notation (0 for zero).
    pub fn adjusted_exponent(&self) -> i64 {
        if self.is_zero() {
            0
        } else {
            i64::from(self.exponent) + i64::from(self.digits()) - 1
        }
    }

    pub fn is_integer(&self) -> bool {
        self.exponent >= 0
    }

    /// The value as an i64, if it is an integer in range (list indexes, counters, TTL seconds).
    pub fn to_i64(&self) -> Option<i64> {
        if !self.is_integer() || self.exponent > 19 {
            return None;
        }
        let magnitude = self.coefficient.checked_mul(pow10(self.exponent.unsigned_abs()))?;
        let magnitude = i128::try_from(magnitude).ok()?;
        i64::try_from(if self.negative { -magnitude } else { magnitude }).ok()
    }

    /// Bytes DynamoDB charges for this value in item-size calculations.
    ///
    /// DynamoDB stores numbers in a base-100 format (like Oracle's NUMBER): one byte per pair of
    /// decimal digits, pairs aligned on the decimal point, from the first to the last non-zero pair,
    /// plus one exponent byte, plus a terminator byte for negatives, 21 bytes at most; zero is 1 byte.
    /// This is the formula Zac Charles measured against DynamoDB (dynamodb-calculator), and it agrees
    /// with the Developer Guide's "1 byte per two significant digits, plus 1 byte".
    pub fn stored_size(&self) -> usize {
        if self.is_zero() {
            return 1;
        }
        let low = i64::from(self.exponent);
        let high = self.adjusted_exponent();
        let pairs = high.div_euclid(2) - low.div_euclid(2) + 1;
        let size = 1 + pairs as usize + usize::from(self.negative);
        size.min(21)
    }

    /// The canonical text form, same as `Display`.
    pub fn to_canonical(&self) -> String {
        use alloc::string::ToString;
        self.to_string()
    }

    /// Order of magnitudes, ignoring signs.
    fn cmp_magnitude(&self, other: &Number) -> Ordering {
        match (self.is_zero(), other.is_zero()) {
            (true, true) => return Ordering::Equal,
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            (false, false) => {}
        }
        let by_exponent = self.adjusted_exponent().cmp(&other.adjusted_exponent());
        if by_exponent != Ordering::Equal {
            return by_exponent;
        }
        // Same leading-digit position: left-align both coefficients to the same digit count.
        let (da, db) = (self.digits(), other.digits());
        let width = da.max(db);
        let a = self.coefficient * pow10(width - da);
        let b = other.coefficient * pow10(width - db);
        a.cmp(&b)
    }
}

impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        match (self.negative, other.negative) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => self.cmp_magnitude(other),
            (true, true) => other.cmp_magnitude(self),
        }
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl core::ops::Neg for Number {
    type Output = Number;
    fn neg(self) -> Number {
        self.negated()
    }
}

impl core::str::FromStr for Number {
    type Err = NumberError;
    fn from_str(s: &str) -> Result<Number, NumberError> {
        Number::parse(s)
    }
}

impl Default for Number {
    fn default() -> Number {
        Number::ZERO
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write;
        if self.is_zero() {
            return f.write_char('0');
        }
        if self.negative {
            f.write_char('-')?;
        }
        // At most 38 digits: render into a stack buffer.
        let mut buf = [0u8; 40];
        let mut n = self.coefficient;
        let mut len = 0;
        while n > 0 {
            buf[len] = b'0' + (n % 10) as u8;
            n /= 10;
            len += 1;
        }
        buf[..len].reverse();
        let digits = core::str::from_utf8(&buf[..len]).map_err(|_| fmt::Error)?;
        let exp = i64::from(self.exponent);
        if exp >= 0 {
            f.write_str(digits)?;
            for _ in 0..exp {
                f.write_char('0')?;
            }
            return Ok(());
        }
        // Digits left of the point.
        let int_len = len as i64 + exp;
        if int_len > 0 {
            let split = int_len as usize;
            f.write_str(&digits[..split])?;
            f.write_char('.')?;
            f.write_str(&digits[split..])
        } else {
            f.write_str("0.")?;
            for _ in 0..(-int_len) {
                f.write_char('0')?;
            }
            f.write_str(digits)
        }
    }
}
