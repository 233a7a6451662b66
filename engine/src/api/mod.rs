//! The wire side of each action: reading DynamoDB-JSON requests into typed inputs and writing typed
//! outputs back. Operations never see JSON; the server never sees typed internals.

pub mod batch;
pub mod create_table;
pub mod describe;
pub mod json;
pub mod partiql;
pub mod projection;
pub mod raw_index;
pub mod read;
pub mod streams;
pub mod tags;
pub mod transact;
pub mod typed;
pub mod ttl;
pub mod write;
