//! The mate solver: checks-only mate search (issue: "Mate solver").
