//! `X-Amz-Target` parsing. DynamoDB rejects a target whose service prefix or action it does not know
//! *before* looking at credentials, so this check is its own step with its own list.

/// The two JSON 1.0 services a DynamoDB endpoint answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Service {
    /// `DynamoDB_20120810`
    DynamoDb,
    /// `DynamoDBStreams_20120810`
    Streams,
}

impl Service {
    pub fn prefix(self) -> &'static str {
        match self {
            Service::DynamoDb => "DynamoDB_20120810",
            Service::Streams => "DynamoDBStreams_20120810",
        }
    }
}

/// Every action of the DynamoDB API (2012-08-10). A known action the engine does not emulate still gets
/// past this gate, so the engine can answer it the way DynamoDB Local answers unsupported calls.
const DYNAMODB_ACTIONS: &[&str] = &[
    "BatchExecuteStatement",
    "BatchGetItem",
    "BatchWriteItem",
    "CreateBackup",
    "CreateGlobalTable",
    "CreateTable",
    "DeleteBackup",
    "DeleteItem",
    "DeleteResourcePolicy",
    "DeleteTable",
    "DescribeBackup",
    "DescribeContinuousBackups",
    "DescribeContributorInsights",
    "DescribeEndpoints",
    "DescribeExport",
    "DescribeGlobalTable",
    "DescribeGlobalTableSettings",
    "DescribeImport",
    "DescribeKinesisStreamingDestination",
    "DescribeLimits",
    "DescribeTable",
    "DescribeTableReplicaAutoScaling",
    "DescribeTimeToLive",
    "DisableKinesisStreamingDestination",
    "EnableKinesisStreamingDestination",
    "ExecuteStatement",
    "ExecuteTransaction",
    "ExportTableToPointInTime",
    "GetItem",
    "GetResourcePolicy",
    "ImportTable",
    "ListBackups",
    "ListContributorInsights",
    "ListExports",
    "ListGlobalTables",
    "ListImports",
    "ListTables",
    "ListTagsOfResource",
    "PutItem",
    "PutResourcePolicy",
    "Query",
    "RestoreTableFromBackup",
    "RestoreTableToPointInTime",
    "Scan",
    "SearchVectors",
    "TagResource",
    "TransactGetItems",
    "TransactWriteItems",
    "UntagResource",
    "UpdateContinuousBackups",
    "UpdateContributorInsights",
    "UpdateGlobalTable",
    "UpdateGlobalTableSettings",
    "UpdateItem",
    "UpdateKinesisStreamingDestination",
    "UpdateTable",
    "UpdateTableReplicaAutoScaling",
    "UpdateTimeToLive",
];

/// The DynamoDB Streams API (2012-08-10).
const STREAMS_ACTIONS: &[&str] = &["DescribeStream", "GetRecords", "GetShardIterator", "ListStreams"];

/// A validated target: the service and the action name, borrowed from the static lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    pub service: Service,
    pub action: &'static str,
}

/// Parse `Service.Action`; `None` means DynamoDB's `UnknownOperationException`.
pub fn parse_target(header: Option<&str>) -> Option<Target> {
    let (prefix, action) = header?.split_once('.')?;
    let (service, actions) = match prefix {
        "DynamoDB_20120810" => (Service::DynamoDb, DYNAMODB_ACTIONS),
        "DynamoDBStreams_20120810" => (Service::Streams, STREAMS_ACTIONS),
        _ => return None,
    };
    let action = actions.iter().copied().find(|known| *known == action)?;
    Some(Target { service, action })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets() {
        let t = parse_target(Some("DynamoDB_20120810.PutItem")).map(|t| (t.service, t.action));
        assert_eq!(t, Some((Service::DynamoDb, "PutItem")));
        let t = parse_target(Some("DynamoDBStreams_20120810.GetRecords")).map(|t| (t.service, t.action));
        assert_eq!(t, Some((Service::Streams, "GetRecords")));
        let t = parse_target(Some("DynamoDB_20120810.SearchVectors")).map(|t| (t.service, t.action));
        assert_eq!(t, Some((Service::DynamoDb, "SearchVectors")));
        for bad in ["", "PutItem", "DynamoDB_20120810.", "DynamoDB_20120810.putItem", "DynamoDB_20120810.GetRecords",
            "DynamoDBStreams_20120810.PutItem", "DynamoDB_20111205.PutItem", "DynamoDB_20120810.PutItem.x"]
        {
            assert_eq!(parse_target(Some(bad)), None, "{bad}");
        }
        assert_eq!(parse_target(None), None);
    }
}
