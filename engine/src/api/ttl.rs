//! UpdateTimeToLive / DescribeTimeToLive requests and responses.

use alloc::string::String;

use serde_json::{json, Value};

use crate::api::json::{self, opt_bool, opt_obj, opt_str, Checks};
use crate::error::ApiError;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpdateTimeToLiveInput {
    pub table_name: String,
    pub enabled: bool,
    pub attribute_name: String,
}

impl UpdateTimeToLiveInput {
    pub fn from_json(v: &Value) -> Result<UpdateTimeToLiveInput, ApiError> {
        let m = json::body(v)?;
        let name = opt_str(m, "TableName")?;
        let spec = opt_obj(m, "TimeToLiveSpecification")?;
        let (enabled, attr) = match spec {
            Some(s) => (opt_bool(s, "Enabled")?, opt_str(s, "AttributeName")?),
            None => (None, None),
        };
        let mut c = Checks::new();
        c.name(name, "tableName", true);
        c.not_null(spec, "timeToLiveSpecification");
        if spec.is_some() {
            c.not_null(attr, "timeToLiveSpecification.attributeName");
            if let Some(a) = attr {
                // DynamoDB's validation framework reports the length constraint, with the empty
                // value, like any other member's (Dynoxide's answer, held against DynamoDB).
                if a.is_empty() {
                    c.fail(String::from("''"), "timeToLiveSpecification.attributeName", "Member must have length greater than or equal to 1");
                }
                if a.chars().count() > 255 {
                    c.fail(alloc::format!("'{a}'"), "timeToLiveSpecification.attributeName", "Member must have length less than or equal to 255");
                }
            }
            c.not_null(enabled, "timeToLiveSpecification.enabled");
        }
        c.finish()?;
        let attr = attr.unwrap_or_default();
        Ok(UpdateTimeToLiveInput {
            table_name: String::from(name.unwrap_or_default()),
            enabled: enabled.unwrap_or(false),
            attribute_name: String::from(attr),
        })
    }

    pub fn output_json(&self) -> Value {
        json!({"TimeToLiveSpecification": {"Enabled": self.enabled, "AttributeName": self.attribute_name}})
    }
}

/// `TimeToLiveDescription`: the attribute is reported only while TTL is enabled.
pub fn description_json(attribute: Option<&str>) -> Value {
    match attribute {
        Some(a) => json!({"TimeToLiveDescription": {"TimeToLiveStatus": "ENABLED", "AttributeName": a}}),
        None => json!({"TimeToLiveDescription": {"TimeToLiveStatus": "DISABLED"}}),
    }
}
