//! Property tests of the parser: printing any syntax tree and parsing the text gives the same tree.
