//! AWS Signature Version 4, as far as a local emulator needs it: requests must *look* signed (DynamoDB
//! rejects unsigned or malformed ones with Coral's authentication errors), but any credentials are
//! accepted, so every SDK works with whatever dummy keys it is given.

pub mod auth;
