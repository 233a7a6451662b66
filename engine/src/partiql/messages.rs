//! DynamoDB's PartiQL ValidationException messages, in one place.
//!
//! Source: the message table of DynamoDB's shared PartiQL front end (`ddb.partiql.shared.exceptions.
//! ValidationExceptionMessages`, as shipped in DynamoDB Local, whose PartiQL layer is the service's),
//! DynamoDB Local's `ExecuteTransactionFunction` / `BatchExecuteStatementFunction`, and answers
//! recorded against DynamoDB Local 3.2.0/3.3.1 and real DynamoDB by other emulators' test suites.
//! Every constant here is DynamoDB's wording. Where we found no recorded wording, the text is our own
//! and the module documentation (`partiql/mod.rs`, "where it is ours") lists it: the details of most
//! syntax errors, and the `under ...` part of tuple-value errors.

pub const NOT_WELL_FORMED: &str = "Statement wasn't well formed, can't be processed: ";
pub const PARAMETER_COUNT: &str = "Number of parameters in request and statement don't match.";
pub const INCOMPLETE_KEY: &str = "Where clause does not contain a mandatory equality on all key attributes";
pub const DUPLICATE_ITEM: &str = "Duplicate primary key exists in table";
pub const UNEXPECTED_PATH_COMPONENT: &str = "Unexpected path component";
pub const NOT_ON_INDEX: &str = "This operation is not supported on an index";
/// A SELECT from an index whose key has several HASH or RANGE attributes (ours: see `partiql/mod.rs`).
pub const MULTI_KEY_INDEX: &str = "This operation is not supported on an index with a multi-attribute key";
/// A `"table"."index"` the table does not have (the name is not repeated; paritysuite's capture of
/// real DynamoDB, eu-west-1, 2026-09-02, checked before ConsistentRead).
pub const NO_SUCH_INDEX: &str = "The table does not have the specified index";
pub const CONSISTENT_READ_ON_GSI: &str = "Strongly consistent read is not supported on Global Secondary Indexes";
pub const EMPTY_PATH_COMPONENT: &str = "Path component cannot be an empty string";
pub const INVALID_NEXT_TOKEN: &str = "Invalid NextToken";
pub const NEXT_TOKEN_MISMATCH: &str = "NextToken does not match request";
pub const ALIAS_UNSUPPORTED: &str = "Aliasing is not supported";
pub const VALUE_OR_PIVOT: &str = "Select projection doesn't support value or pivot keywords";
pub const UNSUPPORTED_UPDATE_ACTION: &str = "Only SET and REMOVE are supported in update expressions at this time";
pub const AT_UNSUPPORTED: &str = "AT is not supported in insert statements.";
pub const ITEM_NOT_TUPLE: &str = "Unsupported format in item expression. Please use struct format {...} to express item values for insert statement.";
pub const EMPTY_BAG: &str = "Empty bags are not supported";
pub const SELECT_MULTIPLE_FROM: &str = "Only select from a single table or index is supported.";
pub const DML_INVALID_FROM: &str = "FROM clause may only contain a single table name in data manipulation statements";
pub const INVALID_CONFLICT_ACTION: &str = "Invalid conflict action. Only \"DO NOTHING\" action is supported.";
pub const RETURNING_MULTIPLE: &str = "Invalid syntax with multiple returning elements in RETURNING clause";
pub const RETURNING_STAR: &str = "Expected '*' after ( MODIFIED | ALL ) ( NEW | OLD ) in RETURNING clause";
pub const INVALID_IN: &str = "IN operator must have a left hand argument of type Variable Reference and right hand argument of type Seq with at least one member";
pub const EXISTS_OUTSIDE_TRANSACTION: &str = "EXISTS can only be used in ExecuteTransaction write requests.";
pub const MISSING_NEEDS_IS: &str = "MISSING must be compared using IS operator";
pub const IS_OPERAND: &str = "The left hand side argument to IS must be a Variable Reference, Literal, or Path";
pub const IS_IN_UPDATE: &str = "IS operator is not supported in update expressions";
pub const INSERT_MULTIPLE: &str = "Unsupported operation: Inserting multiple items in a single statement is not supported, use \"INSERT INTO tableName VALUE item\" instead";
pub const INSERT_FROM_WHERE: &str = "Unsupported FROM ... WHERE ... clause in INSERT statement.";
pub const WHERE_NOT_BOOLEAN: &str = "WHERE clause must contain an expression that resolves to a boolean";
pub const UNPIVOT_PATH: &str = "Unpivot path component like a.*.b are not supported";
pub const WILDCARD_PATH: &str = "Wildcard path component like a[*].b are not supported";
/// Followed by the index and `]`.
pub const LIST_INDEX_RANGE: &str = "List index is not within the allowable range; index: [";
pub const PATH_STARTS_WITH_INDEX: &str = "A path cannot start with a list index";
pub const UNSUPPORTED_CLAUSE: &str = "Unsupported clause: ";
pub const UNRECOGNIZED_FUNCTION: &str = "Unrecognized function: ";
pub const UNSUPPORTED_CONDITION_OP: &str = "Unsupported operator in Condition Expression. Operator: ";
pub const UNSUPPORTED_UPDATE_OP: &str = "Unsupported operator in Update Expression. Operator: ";
pub const BAG_TYPES: &str = "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags";
pub const DUPLICATES_IN_SET: &str = "Input collection contains duplicates";
pub const STAR_AND_OTHERS: &str = "Other attributes should not be present in the projection when '*' is used.";
pub const RETURNING_IN_INSERT: &str = "RETURNING is not supported in INSERT";
pub const ORDER_BY_ARGUMENT: &str = "Argument to ORDER BY must be of type VariableReference. Type: ";
pub const FROM_PATH_TOO_LONG: &str = "A path may contain at most 2 components in the FROM clause";
pub const TRANSACTION_READ_KEY: &str = "Select statements within ExecuteTransaction must specify the primary key in the where clause.";
pub const TRANSACTION_READ_INDEX: &str = "Reads on indices are not supported within transactions.";
pub const TRANSACTION_EXISTS_KEY: &str = "EXISTS() must contain a single item read with additional condition";
pub const TRANSACTION_WRITE_INDEX: &str = "Operations on indices are not supported in transactions";
pub const TRANSACTION_UNSUPPORTED: &str = "Unsupported operation in transaction.";
pub const TRANSACTION_MIXED: &str = "ExecuteTransaction API does not support both read and write operations in the same request.";
pub const ORDER_BY_NEEDS_WHERE: &str = "Must have WHERE clause in the statement when using ORDER BY clause.";
pub const ORDER_BY_NEEDS_HASH: &str = "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.";
pub const ORDER_BY_HASH_MISSING: &str = "Must have hash key in ORDER BY clause when more than one hash key condition specified in WHERE clause.";
pub const BATCH_MIXED: &str = "Read and write requests together in the same batch is not supported.";
pub const BATCH_SINGLE_SELECT: &str = "Only single item select is supported";

/// `Duplicate identifiers in select clause: z`
pub fn duplicate_identifier(name: &str) -> alloc::string::String {
    alloc::format!("Duplicate identifiers in select clause: {name}")
}

/// `Variable reference x in ORDER BY clause must be part of the primary key`
pub fn order_by_not_key(name: &str) -> alloc::string::String {
    alloc::format!("Variable reference {name} in ORDER BY clause must be part of the primary key")
}

/// `Multiple conditions on same key pk. Only single item Update/Insert/Delete are supported`
pub fn multiple_key_conditions(name: &str) -> alloc::string::String {
    alloc::format!("Multiple conditions on same key {name}. Only single item Update/Insert/Delete are supported")
}

/// `Key attribute's data type should match its data type in table's schema: Key pk`
pub fn key_type_mismatch(name: &str) -> alloc::string::String {
    alloc::format!("Key attribute's data type should match its data type in table's schema: Key {name}")
}

/// `Key attribute should be present in the item: Key pk`
pub fn key_absent(name: &str) -> alloc::string::String {
    alloc::format!("Key attribute should be present in the item: Key {name}")
}

/// `Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key pk`
pub fn key_nested(name: &str) -> alloc::string::String {
    alloc::format!("Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key {name}")
}

/// `Unsupported data type for IS operator: X. Supported data types are [...]`
pub fn is_type(name: &str) -> alloc::string::String {
    alloc::format!("Unsupported data type for IS operator: {name}. Supported data types are [MISSING, NULL, BOOLEAN, BLOB, STRING, NUMERIC, STRUCT, TUPLE, LIST]")
}

/// `Invalid returning clause: RETURNING ALL NEW *. Only RETURNING ALL OLD * is allowed in DELETE statements.`
pub fn delete_returning(words: &str) -> alloc::string::String {
    alloc::format!("Invalid returning clause: RETURNING {words} *. Only RETURNING ALL OLD * is allowed in DELETE statements.")
}

/// `SET_ADD must have exactly two arguments`
pub fn set_function_arity(f: &str) -> alloc::string::String {
    alloc::format!("SET_{f} must have exactly two arguments")
}

pub fn set_function_first(f: &str) -> alloc::string::String {
    alloc::format!("The first argument to SET_{f} must equal the assignment value")
}

pub fn set_function_second(f: &str) -> alloc::string::String {
    alloc::format!("The second argument to SET_{f} must be a value with type SET")
}
