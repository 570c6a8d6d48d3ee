package storage

import (
	"errors"
	"math"
	"math/rand"
	"slices"
	"sync"
	"testing"
)

// randomIDLists makes a direction's lists of strictly ascending ids in
// the shapes a graph gives them: runs of consecutive ids (a bulk load's
// outgoing lists), gaps of one id skipped (a gap token of 1), random gaps,
// lists of one entry, long lists, ids at the top of the 32-bit range
// (narrow) or past it (wide).
func randomIDLists(r *rand.Rand, wide bool) ([]listRec, []uint64) {
	var recs []listRec
	var ids []uint64
	for range 1 + r.Intn(30) {
		n := 1 + r.Intn(4)
		if r.Intn(5) == 0 {
			n = 1 + r.Intn(3000)
		}
		var id uint64
		switch r.Intn(4) {
		case 0:
			id = uint64(r.Intn(100))
		case 1:
			id = math.MaxUint32 - uint64(n) - uint64(r.Intn(3*n+1)) // may run to the last narrow id
			if id > math.MaxUint32 {
				id = 0
			}
		default:
			id = uint64(r.Int63n(1 << 31))
		}
		if wide {
			id += 1<<32 + uint64(r.Int63n(1<<40))
		}
		mode := r.Intn(4)
		off := uint32(len(ids))
		for k := 0; k < n; k++ {
			if k > 0 {
				switch {
				case mode == 0 || mode == 3 && r.Intn(2) == 0:
					id++
				case mode == 1:
					id += 2 // a gap of one id
				default:
					id += 1 + uint64(r.Intn(100000))
				}
			}
			if !wide && id > math.MaxUint32 {
				n = k
				break
			}
			ids = append(ids, id)
		}
		if n == 0 {
			continue
		}
		recs = append(recs, listRec{typ: uint32(len(recs)), off: off, n: uint32(n), cap: uint32(n)})
	}
	return recs, ids
}

// encodeIDLists is the stream appendIDStream writes for recs/ids.
func encodeIDLists(recs []listRec, ids []uint64) []byte {
	return appendIDStream(nil, func(yield func(relIDs)) {
		for _, rc := range recs {
			yield(wideIDs(ids[rc.off : rc.off+rc.n]))
		}
	})
}

// TestIDStream: a direction's relationship id stream decodes to the ids
// encoded (narrow and wide, runs, gaps of one id, the last narrow id);
// the decoded array has capacity equal to its length; every truncated
// stream and every stream with a byte changed either decodes to other ids
// or fails with ErrCorrupt, never a panic, and a stream with bytes past
// its lists fails.
func TestIDStream(t *testing.T) {
	r := rand.New(rand.NewSource(18))
	var entries, runs, failed, changed, damagedRounds int
	for round := 0; round < 2000; round++ {
		wide := round%5 == 0
		recs, ids := randomIDLists(r, wide)
		b := encodeIDLists(recs, ids)
		for k := 1; k < len(ids); k++ {
			if ids[k] == ids[k-1]+1 {
				runs++
			}
		}
		pk := &packedIDs{b: b, recs: recs, n: len(ids), wide: wide, damage: func(err error) { t.Fatalf("round %d: %v", round, err) }}
		got := pk.ids()
		if got.len() != len(ids) || got.cap() != got.len() || (got.wide != nil) != wide || !slices.Equal(got.uint64s(0, got.len()), ids) {
			t.Fatalf("round %d: decoded %v, want %v", round, got.uint64s(0, got.len()), ids)
		}
		if again := pk.ids(); !wide && len(ids) > 0 && &again.narrow[0] != &got.narrow[0] {
			t.Fatalf("round %d: ids decoded twice", round)
		}
		entries += len(ids)
		if !wide {
			// Read as wide ids they are the same.
			var w relIDs
			w.wide = make([]uint64, len(ids))
			if err := walkIDStream(b, recs, len(ids), true, func(k int, id uint64) { w.wide[k] = id }); err != nil || !slices.Equal(w.wide, ids) {
				t.Fatalf("round %d: read as wide: %v", round, err)
			}
		}
		// Bytes past the lists.
		if err := walkIDStream(append(slices.Clone(b), 0), recs, len(ids), wide, func(int, uint64) {}); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("round %d: a stream longer than its lists: %v", round, err)
		}
		// Damage: never a panic; a reported failure is ErrCorrupt.
		f, ch, damaged := damageStream(t, r, round, b, ids, func(c []byte, out []uint64) error {
			return walkIDStream(c, recs, len(ids), wide, func(k int, id uint64) { out[k] = id })
		})
		failed, changed = failed+f, changed+ch
		if damaged {
			damagedRounds++
			// The page reports it once and reads zero ids past it.
			var reported error
			c := b[:len(b)-1]
			pk := &packedIDs{b: c, recs: recs, n: len(ids), wide: wide, damage: func(err error) { reported = err }}
			if got := pk.ids(); got.len() != len(ids) || !errors.Is(reported, ErrCorrupt) {
				t.Fatalf("round %d: a damaged stream read as %d ids, reported %v", round, got.len(), reported)
			}
		}
	}
	if entries < 500000 || runs < 100000 || failed < 5000 || changed < 100 {
		t.Fatalf("generator: %d entries, %d in runs; damage: %d failed, %d decoded to other ids", entries, runs, failed, changed)
	}
	// The last narrow id, in a run and after a gap; one past it only wide.
	for _, ids := range [][]uint64{{math.MaxUint32 - 2, math.MaxUint32 - 1, math.MaxUint32}, {5, math.MaxUint32}, {math.MaxUint32}} {
		recs := []listRec{{n: uint32(len(ids)), cap: uint32(len(ids))}}
		got := (&packedIDs{b: encodeIDLists(recs, ids), recs: recs, n: len(ids)}).ids()
		if !slices.Equal(got.uint64s(0, got.len()), ids) {
			t.Fatalf("%v decoded to %v", ids, got.uint64s(0, got.len()))
		}
		over := append(slices.Clone(ids[:len(ids)-1]), math.MaxUint32+1)
		b := encodeIDLists(recs, over)
		if err := walkIDStream(b, recs, len(ids), false, func(int, uint64) {}); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("%v read as narrow ids: %v", over, err)
		}
		got = (&packedIDs{b: b, recs: recs, n: len(ids), wide: true}).ids()
		if !slices.Equal(got.wide, over) {
			t.Fatalf("%v decoded to %v", over, got.wide)
		}
	}
	t.Logf("%d entries, %d in runs; damaged streams: %d failed, %d decoded to other ids (%d rounds)", entries, runs, failed, changed, damagedRounds)
}

// TestIDStreamCompact: lists of consecutive ids take a few bytes each,
// whatever their length, and other ids no more than a varint of their gap.
func TestIDStreamCompact(t *testing.T) {
	ids := make([]uint64, 10000)
	for k := range ids {
		ids[k] = 1_000_000 + uint64(k)
	}
	recs := []listRec{{n: 10000, cap: 10000}}
	if b := encodeIDLists(recs, ids); len(b) > 8 {
		t.Fatalf("a run of 10,000 ids took %d bytes", len(b))
	}
	for k := range ids {
		ids[k] = 1_000_000 + 100*uint64(k)
	}
	if b := encodeIDLists(recs, ids); len(b) > 3+len(ids) {
		t.Fatalf("10,000 ids 100 apart took %d bytes", len(b))
	}
}

// TestIDStreamConcurrentFirstRead: readers that read a page's compressed
// ids for the first time at once (and a writer that unpacks them to
// append) all see the ids encoded. Run under -race it also shows the
// decode publishes its array safely.
func TestIDStreamConcurrentFirstRead(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for round := 0; round < 50; round++ {
		recs, ids := randomIDLists(r, round%4 == 0)
		d := &adjDir{lists: recs, nbrs: make([]uint32, len(ids))}
		d.packed = &packedIDs{b: encodeIDLists(recs, ids), recs: recs, n: len(ids), wide: round%4 == 0}
		var wg sync.WaitGroup
		errs := make(chan string, 9)
		for g := 0; g < 8; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got := d.ids()
				if !slices.Equal(got.uint64s(0, got.len()), ids) {
					errs <- "a reader saw other ids"
				}
			}()
		}
		w := *d // a writer's copy of the direction, as a transaction takes it
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.unpack()
			if w.packed != nil || !slices.Equal(w.rels.uint64s(0, w.rels.len()), ids) {
				errs <- "the writer unpacked other ids"
			}
		}()
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatalf("round %d: %s", round, e)
		}
	}
}

// damageStream truncates (even k) or alters one byte of (odd k) stream b
// ten times and decodes each copy with decode into a slice of len(want):
// a decode never panics, a reported failure is ErrCorrupt, and a
// truncated stream never decodes. It returns how many copies failed,
// how many decoded to other entries than want, and whether any failed.
func damageStream[T comparable](t *testing.T, r *rand.Rand, round int, b []byte, want []T, decode func(c []byte, out []T) error) (failed, changed int, damaged bool) {
	t.Helper()
	for k := 0; k < 10 && len(b) > 0; k++ {
		c := slices.Clone(b)
		if k%2 == 0 {
			c = c[:r.Intn(len(c))]
		} else {
			c[r.Intn(len(c))] ^= byte(1 + r.Intn(255))
		}
		out := make([]T, len(want))
		err := decode(c, out)
		switch {
		case err != nil && !errors.Is(err, ErrCorrupt):
			t.Fatalf("round %d: %v is not ErrCorrupt", round, err)
		case err != nil:
			failed++
			damaged = true
		case !slices.Equal(out, want):
			changed++
		case k%2 == 0:
			t.Fatalf("round %d: a truncated stream decoded", round)
		}
	}
	return failed, changed, damaged
}
