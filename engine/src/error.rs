//! The API-level error: one variant per DynamoDB `__type`, so the server maps them one-to-one to the
//! wire and the UI can show the same text DynamoDB would. Stage errors (numbers, values, expressions)
//! are their own typed enums and convert into [`ApiError::Validation`] at the edge of each operation.

use alloc::string::String;
use alloc::vec::Vec;

use crate::value::{Item, ValueError};

/// One reason inside a `TransactionCanceledException`, in request order.
#[derive(Debug, Clone, PartialEq)]
pub struct CancellationReason {
    /// `None`, `ConditionalCheckFailed`, `ItemCollectionSizeLimitExceeded`, `TransactionConflict`,
    /// `ProvisionedThroughputExceeded`, `ThrottlingError`, `ValidationError`.
    pub code: String,
    pub message: Option<String>,
    pub item: Option<Item>,
}

/// Errors DynamoDB returns, named by their wire `__type` (without the namespace prefix).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ApiError {
    /// `ValidationException`: malformed or semantically invalid request.
    Validation(String),
    /// `SerializationException`: the body does not have the shape of the action's input.
    Serialization(String),
    /// `UnknownOperationException`: the `X-Amz-Target` action does not exist.
    UnknownOperation,
    /// `ConditionalCheckFailedException`; `item` is set when ReturnValuesOnConditionCheckFailure=ALL_OLD.
    ConditionalCheckFailed { message: String, item: Option<Item> },
    /// `ResourceNotFoundException`.
    ResourceNotFound(String),
    /// `ResourceInUseException`.
    ResourceInUse(String),
    /// `LimitExceededException`.
    LimitExceeded(String),
    /// `ItemCollectionSizeLimitExceededException`.
    ItemCollectionSizeLimitExceeded(String),
    /// `ProvisionedThroughputExceededException`.
    ProvisionedThroughputExceeded(String),
    /// `ThrottlingException`.
    Throttling(String),
    /// `TransactionCanceledException`, reasons in request order.
    TransactionCanceled { message: String, reasons: Vec<CancellationReason> },
    /// `TransactionConflictException`.
    TransactionConflict(String),
    /// `TransactionInProgressException`.
    TransactionInProgress(String),
    /// `IdempotentParameterMismatchException`.
    IdempotentParameterMismatch(String),
    /// `ExpiredIteratorException` (DynamoDB Streams): a shard iterator older than 15 minutes.
    ExpiredIterator(String),
    /// `TrimmedDataAccessException` (DynamoDB Streams): the records asked for are past retention.
    TrimmedDataAccess(String),
    /// `DuplicateItemException`: a PartiQL INSERT of a key that exists.
    DuplicateItem(String),
    /// `AccessDeniedException`: the caller may not act on the resource (another account's table).
    AccessDenied(String),
    /// `InternalServerError` — only for genuine engine faults, never for bad input.
    Internal(String),
}

impl ApiError {
    /// The `__type` short name DynamoDB puts on the wire (after `com.amazonaws.dynamodb.v20120810#`).
    pub fn type_name(&self) -> &'static str {
        match self {
            ApiError::Validation(_) => "ValidationException",
            ApiError::Serialization(_) => "SerializationException",
            ApiError::UnknownOperation => "UnknownOperationException",
            ApiError::ConditionalCheckFailed { .. } => "ConditionalCheckFailedException",
            ApiError::ResourceNotFound(_) => "ResourceNotFoundException",
            ApiError::ResourceInUse(_) => "ResourceInUseException",
            ApiError::LimitExceeded(_) => "LimitExceededException",
            ApiError::ItemCollectionSizeLimitExceeded(_) => "ItemCollectionSizeLimitExceededException",
            ApiError::ProvisionedThroughputExceeded(_) => "ProvisionedThroughputExceededException",
            ApiError::Throttling(_) => "ThrottlingException",
            ApiError::TransactionCanceled { .. } => "TransactionCanceledException",
            ApiError::TransactionConflict(_) => "TransactionConflictException",
            ApiError::TransactionInProgress(_) => "TransactionInProgressException",
            ApiError::IdempotentParameterMismatch(_) => "IdempotentParameterMismatchException",
            ApiError::ExpiredIterator(_) => "ExpiredIteratorException",
            ApiError::TrimmedDataAccess(_) => "TrimmedDataAccessException",
            ApiError::DuplicateItem(_) => "DuplicateItemException",
            ApiError::AccessDenied(_) => "AccessDeniedException",
            ApiError::Internal(_) => "InternalServerError",
        }
    }

    /// The human-readable `message`, exactly as DynamoDB words it.
    pub fn message(&self) -> &str {
        match self {
            ApiError::Validation(m)
            | ApiError::Serialization(m)
            | ApiError::ResourceNotFound(m)
            | ApiError::ResourceInUse(m)
            | ApiError::LimitExceeded(m)
            | ApiError::ItemCollectionSizeLimitExceeded(m)
            | ApiError::ProvisionedThroughputExceeded(m)
            | ApiError::Throttling(m)
            | ApiError::TransactionConflict(m)
            | ApiError::TransactionInProgress(m)
            | ApiError::IdempotentParameterMismatch(m)
            | ApiError::ExpiredIterator(m)
            | ApiError::TrimmedDataAccess(m)
            | ApiError::DuplicateItem(m)
            | ApiError::AccessDenied(m)
            | ApiError::Internal(m) => m,
            ApiError::ConditionalCheckFailed { message, .. } | ApiError::TransactionCanceled { message, .. } => message,
            ApiError::UnknownOperation => "",
        }
    }

    /// Server faults are 500s; everything else is the client's (HTTP 400).
    pub fn is_server_fault(&self) -> bool {
        matches!(self, ApiError::Internal(_))
    }

    pub fn validation(msg: impl Into<String>) -> Self {
        ApiError::Validation(msg.into())
    }
}

impl From<ValueError> for ApiError {
    fn from(e: ValueError) -> Self {
        match e {
            ValueError::Invalid(m) => ApiError::Validation(m),
            ValueError::Serialization(m) => ApiError::Serialization(m),
        }
    }
}

impl core::fmt::Display for ApiError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}: {}", self.type_name(), self.message())
    }
}
