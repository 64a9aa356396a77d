#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    fof_fuzz::harness::replay(bytes);
});
