//! Line of sight and range (5.2.1, 5.2.2, 8.1, 8.2, 8.4): written by a helper.
