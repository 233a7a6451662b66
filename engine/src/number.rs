//! DynamoDB's `N` type: an exact decimal of up to 38 significant digits, magnitude 1E-130 ..
//! 9.99..9E+125 or zero. No floating point anywhere.
//!
//! INTERFACE CONTRACT (other modules rely on these signatures; the values work fills in the bodies):
//! - `Number::parse(&str) -> Result<Number, NumberError>` accepts DynamoDB's number syntax
//!   (optional sign, digits, optional fraction, optional exponent, leading/trailing zeros insignificant).
//! - `Display` prints the canonical form DynamoDB returns ("1.50" -> "1.5", "1E+2" -> "100", "-0" -> "0").
//! - `Ord`/`Eq` are numeric (`1.50 == 1.5`).
//! - `checked_add` / `checked_sub` are exact, with DynamoDB's overflow/underflow/precision errors.
//! - `stored_size()` is the byte size DynamoDB charges for the value.

use alloc::string::String;

/// An exact decimal: `(-1)^negative * coefficient * 10^exponent`, normalised so that the
/// coefficient has no trailing zeros (zero is `coefficient == 0, exponent == 0, negative == false`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
    /// Not DynamoDB number syntax ("abc", "1e", "", "--1").
    Invalid,
    /// More than 38 significant digits.
    TooManyDigits,
    /// Magnitude above 9.9999999999999999999999999999999999999E+125.
    Overflow,
    /// Non-zero magnitude below 1E-130.
    Underflow,
}

impl NumberError {
    /// DynamoDB's message for this failure, as a ValidationException would carry it.
    pub fn message(&self) -> &'static str {
        match self {
            NumberError::Invalid => "A value provided cannot be converted into a number",
            NumberError::TooManyDigits => "Attempting to store more than 38 significant digits in a Number",
            NumberError::Overflow => "Number overflow. Attempting to store a number with magnitude larger than supported range",
            NumberError::Underflow => "Number underflow. Attempting to store a number with magnitude smaller than supported range",
        }
    }
}

impl Number {
    pub const ZERO: Number = Number { negative: false, coefficient: 0, exponent: 0 };

    pub fn parse(_s: &str) -> Result<Number, NumberError> {
        todo!("values issue")
    }

    pub fn from_i64(_v: i64) -> Number {
        todo!("values issue")
    }

    pub fn checked_add(&self, _other: &Number) -> Result<Number, NumberError> {
        todo!("values issue")
    }

    pub fn checked_sub(&self, _other: &Number) -> Result<Number, NumberError> {
        todo!("values issue")
    }

    pub fn is_zero(&self) -> bool {
        self.coefficient == 0
    }

    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// Bytes DynamoDB charges for this value in item-size calculations.
    pub fn stored_size(&self) -> usize {
        todo!("values issue")
    }

    /// The canonical text form, same as `Display`.
    pub fn to_canonical(&self) -> String {
        todo!("values issue")
    }
}
