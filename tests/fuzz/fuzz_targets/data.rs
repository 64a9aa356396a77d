#![no_main]

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let _ = fof_fuzz::harness::data(bytes);
});
