pub mod model;
pub mod modeler;
