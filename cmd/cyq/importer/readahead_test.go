package importer

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"testing"
	"testing/iotest"
)

func TestReadAhead(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, size := range []int{0, 1, readAheadBlock - 1, readAheadBlock, 3*readAheadBlock + 17, 11 * readAheadBlock} {
		data := make([]byte, size)
		for i := range data {
			data[i] = byte(r.IntN(256))
		}
		// A reader returning short reads, read back in odd-sized pieces.
		ra := newReadAhead(iotest.HalfReader(bytes.NewReader(data)))
		got, err := io.ReadAll(iotest.OneByteReader(io.LimitReader(ra, int64(size)+1)))
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("size %d: %d bytes, %v", size, len(got), err)
		}
		ra.Close()
	}
	// Errors arrive after the data read before them.
	boom := errors.New("boom")
	ra := newReadAhead(io.MultiReader(bytes.NewReader([]byte("abc")), iotest.ErrReader(boom)))
	got, err := io.ReadAll(ra)
	if string(got) != "abc" || !errors.Is(err, boom) {
		t.Fatalf("got %q, %v", got, err)
	}
	// Close before the end stops the goroutine.
	ra = newReadAhead(bytes.NewReader(make([]byte, 20*readAheadBlock)))
	buf := make([]byte, 10)
	if _, err := ra.Read(buf); err != nil {
		t.Fatal(err)
	}
	ra.Close()
	ra.Close()
}
