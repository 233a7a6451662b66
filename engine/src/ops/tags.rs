//! TagResource, UntagResource, ListTagsOfResource on tables, addressed by table ARN.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use serde_json::{json, Value};

use crate::api::describe::table_arn;
use crate::api::tags::{resource_arn, tag_keys_field, tags_field, tags_json, Tag, MAX_TAGS};
use crate::db::Database;
use crate::error::ApiError;
use crate::table::Table;

impl Database {
    /// The table a resource ARN names, with DynamoDB's errors for other ARNs.
    /// `action` names the operation, for the refusal of another account's table.
    fn tagged_table(&mut self, arn: &str, action: &str) -> Result<&mut Table, ApiError> {
        if !arn.starts_with("arn:") {
            return Err(ApiError::Validation(format!("One or more parameter values were invalid: ARNs must start with 'arn:': {arn}")));
        }
        // A table of another account in this Region: IAM refuses the call before DynamoDB looks for the
        // table. DynamoDB names the caller's IAM principal; the engine has no principal, so it names
        // the account's root (the shape dynalite's tests, run against DynamoDB, match with
        // `User: arn:aws:iam::\d+:.+ is not authorized to perform: dynamodb:ListTagsOfResource on
        // resource: …`).
        let mut parts = arn.splitn(6, ':');
        let (service, region, account) = (parts.nth(2), parts.next(), parts.next());
        if service == Some("dynamodb") && region == Some(self.config.region.as_str()) && account.is_some_and(|a| a != self.config.account_id) {
            return Err(ApiError::AccessDenied(format!(
                "User: arn:aws:iam::{}:root is not authorized to perform: dynamodb:{action} on resource: {arn}",
                self.config.account_id
            )));
        }
        let prefix = table_arn(&self.config, "");
        let Some(rest) = arn.strip_prefix(prefix.as_str()) else {
            return Err(ApiError::Validation(format!("Invalid TableArn: Invalid ResourceArn provided as input {arn}")));
        };
        if rest.is_empty() || rest.contains('/') {
            return Err(ApiError::Validation(format!(
                "One or more parameter values were invalid: Invalid resource arn provided, only table or stream is accepted. Provided resource arn: {arn}"
            )));
        }
        self.tables
            .get_mut(rest)
            .ok_or_else(|| ApiError::ResourceNotFound(format!("Requested resource not found: ResourcArn: {arn} not found")))
    }

    pub fn tag_resource(&mut self, arn: &str, tags: &[Tag]) -> Result<(), ApiError> {
        if tags.is_empty() {
            return Err(ApiError::validation("Atleast one Tag needs to be provided as Input."));
        }
        let t = self.tagged_table(arn, "TagResource")?;
        apply_tags(t, tags)
    }

    pub fn untag_resource(&mut self, arn: &str, keys: &[String]) -> Result<(), ApiError> {
        let t = self.tagged_table(arn, "UntagResource")?;
        for k in keys {
            t.extras.tags.remove(k);
        }
        Ok(())
    }

    pub fn list_tags_of_resource(&mut self, arn: &str) -> Result<Vec<Tag>, ApiError> {
        let t = self.tagged_table(arn, "ListTagsOfResource")?;
        Ok(t.extras.tags.iter().map(|(k, v)| Tag { key: k.clone(), value: v.clone() }).collect())
    }

    pub(crate) fn tag_resource_json(&mut self, input: &Value) -> Result<Value, ApiError> {
        let arn = resource_arn(input)?;
        let tags = tags_field(input)?.unwrap_or_default();
        self.tag_resource(&arn, &tags)?;
        Ok(json!({}))
    }

    pub(crate) fn untag_resource_json(&mut self, input: &Value) -> Result<Value, ApiError> {
        let arn = resource_arn(input)?;
        let keys = tag_keys_field(input)?;
        self.untag_resource(&arn, &keys)?;
        Ok(json!({}))
    }

    pub(crate) fn list_tags_of_resource_json(&mut self, input: &Value) -> Result<Value, ApiError> {
        let arn = resource_arn(input)?;
        let t = self.tagged_table(&arn, "ListTagsOfResource")?;
        Ok(tags_json(&t.extras.tags))
    }
}

/// Add or overwrite tags, refusing a result over the 50-tag limit (nothing changes then).
pub fn apply_tags(t: &mut Table, tags: &[Tag]) -> Result<(), ApiError> {
    let added = tags.iter().filter(|g| !t.extras.tags.contains_key(&g.key)).count();
    if t.extras.tags.len() + added > MAX_TAGS {
        return Err(ApiError::validation("Number of Tags exceed the current limit for the provided ResourceArn"));
    }
    for g in tags {
        t.extras.tags.insert(g.key.clone(), g.value.clone());
    }
    Ok(())
}

