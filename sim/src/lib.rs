//! DynamoDB's partition model and a deterministic traffic simulator.
//!
//! DynamoDB's internals are not public. This crate states one model of them — partitions placed by a
//! hash of the partition key, per-partition ceilings, burst and adaptive capacity, on-demand warm
//! throughput, auto scaling, GSI back-pressure — and replays a [`workload::Workload`] against a table
//! second by second, with every request costing exactly what the engine charges for it. Each rule, its
//! source and whether it is a published fact or our choice is written down in `docs/partition-model.md`.
//!
//! Deterministic: no clock, no I/O, one seeded PRNG; the same workload and data give the same
//! [`report::Report`] natively and in wasm. The runner works in chunks ([`runner::Simulation::run_chunk`])
//! so a caller can show progress and cancel between chunks. [`live::LiveThrottle`] is the same partition
//! model fed by real requests and a wall clock, as the engine's `ThrottlePolicy` (the server's
//! `--throughput simulated`).
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod autoscale;
pub mod bucket;
pub mod cost;
pub mod distribution;
pub mod error;
pub mod error_words;
pub mod isolation;
pub mod layout;
pub mod live;
pub mod pricing;
pub mod rate;
pub mod report;
pub mod rng;
pub mod runner;
pub mod target;
pub mod template;
pub mod verdict;
pub mod warm;
pub mod words;
pub mod workload;

pub use error::SimError;
pub use report::Report;
pub use runner::{simulate, Progress, Simulation};
pub use workload::Workload;
