//! The three distance functions a vector index may use, and the order each ranks results in.
//!
//! DynamoDB stores an index's vectors as 32-bit floats (the Developer Guide's "Requirements and
//! limitations": embeddings are kept at f32 precision) and reports scores as doubles. We convert the
//! engine's exact decimals to f32 once, when an item is indexed, and accumulate every sum in f64: the
//! playground's vectors are small, so the result is exact to the digits a learner checks by hand, and
//! the same inputs give the same bits natively and in wasm (no fused multiply-add, fixed order).

/// `DistanceFunction` of a vector index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Distance {
    Cosine,
    Euclidean,
    DotProduct,
}

impl Distance {
    pub fn parse(s: &str) -> Option<Distance> {
        match s {
            "COSINE" => Some(Distance::Cosine),
            "EUCLIDEAN" => Some(Distance::Euclidean),
            "DOT_PRODUCT" => Some(Distance::DotProduct),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Distance::Cosine => "COSINE",
            Distance::Euclidean => "EUCLIDEAN",
            Distance::DotProduct => "DOT_PRODUCT",
        }
    }

    /// DOT_PRODUCT returns the k *highest* scores; COSINE and EUCLIDEAN the k smallest (the API
    /// Reference's `SearchVectors`).
    pub fn higher_is_nearer(self) -> bool {
        self == Distance::DotProduct
    }

    /// The score of `stored` against the query `q` (same length; the caller checked).
    pub fn score(self, q: &[f32], stored: &[f32]) -> f64 {
        let pairs = q.iter().zip(stored).map(|(a, b)| (f64::from(*a), f64::from(*b)));
        let s = match self {
            Distance::Euclidean => sqrt(pairs.map(|(a, b)| (a - b) * (a - b)).sum()),
            Distance::DotProduct => pairs.map(|(a, b)| a * b).sum(),
            Distance::Cosine => {
                let (mut dot, mut qq, mut ss) = (0.0f64, 0.0f64, 0.0f64);
                for (a, b) in pairs {
                    dot += a * b;
                    qq += a * a;
                    ss += b * b;
                }
                // A zero vector has no direction. DynamoDB answers 1.0 for it (as far from every vector
                // as an orthogonal one) rather than refusing the search; we do the same, and never divide
                // by zero.
                if qq == 0.0 || ss == 0.0 {
                    1.0
                } else {
                    (1.0 - dot / sqrt(qq * ss)).clamp(0.0, 2.0)
                }
            }
        };
        // Scores are reported within the f32 range, as DynamoDB's are (an overflowing Euclidean
        // distance reads as the largest f32, never infinity).
        s.clamp(-f64::from(f32::MAX), f64::from(f32::MAX))
    }
}

fn sqrt(x: f64) -> f64 {
    libm::sqrt(x)
}
