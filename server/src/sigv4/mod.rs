//! AWS Signature Version 4. By default requests must only *look* signed (DynamoDB
//! rejects unsigned or malformed ones with Coral's authentication errors), but any credentials are
//! accepted, so every SDK works with whatever dummy keys it is given. With `--credentials`, signatures
//! are verified as DynamoDB verifies them (`verify`).

pub mod auth;
pub mod time;
pub mod verify;
