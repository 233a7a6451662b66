//! The account a database emulates: settings the database owns and hands to the code that writes ARNs
//! and descriptions.

use alloc::string::String;

/// Region and account that appear in ARNs and responses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatabaseConfig {
    pub region: String,
    pub account_id: String,
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        DatabaseConfig { region: String::from("us-east-1"), account_id: String::from("000000000000") }
    }
}
