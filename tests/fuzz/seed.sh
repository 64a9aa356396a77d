#!/bin/sh
# Seeds the fuzz corpora (tests/fuzz/corpus/, not committed) with the real
# files: the shipped data set, a few recorded games and the key bindings.
# Run from the repository's root: sh tests/fuzz/seed.sh
set -e
C=tests/fuzz/corpus
mkdir -p $C/data $C/replay $C/keys
# data: the first byte picks the file the rest replaces, in the order of
# the harness's slots (harness.rs, `data_seeds`), which writes the seeds.
FOF_FUZZ_CORPUS=$C/data cargo test --locked --quiet --test all fuzz_write_data_seeds -- --ignored
cp assets/keys.ron $C/keys/
cp tests/fuzz/regressions/keys/* $C/keys/ 2>/dev/null || true
cp tests/fuzz/regressions/replay/* $C/replay/ 2>/dev/null || true
cargo build --release --quiet
for seed in 1 2 3 4; do
    ./target/release/fof sim --mission crossroads_firefight --seed $seed \
        --record $C/replay/crossroads_$seed.replay > /dev/null
done
./target/release/fof sim --mission first_contact --seed 1 \
    --record $C/replay/first_contact_1.replay > /dev/null
# A campaign: a `company` line, and a reattempt with its `continues` state.
S=$(mktemp -d)
./target/release/fof --save-dir $S campaign new normandy_1944 --mode survivor --seed 3 > /dev/null
for i in 1 2 3; do ./target/release/fof --save-dir $S campaign play > /dev/null; done
cp $S/replays/*.replay $C/replay/
rm -r $S
