package importer

import (
	"io"
	"sync"
)

// readAhead reads r in a goroutine of its own, a block ahead of the
// consumer: decompressing a file then overlaps with parsing it.
type readAhead struct {
	blocks chan []byte // filled blocks, in order
	free   chan []byte // blocks to refill
	done   chan struct{}
	once   sync.Once
	block  []byte // the block being consumed
	cur    []byte // its unread part
	err    error
	errc   chan error
}

const (
	readAheadBlock  = 256 << 10
	readAheadBlocks = 4
)

func newReadAhead(r io.Reader) *readAhead {
	ra := &readAhead{
		blocks: make(chan []byte, readAheadBlocks),
		free:   make(chan []byte, readAheadBlocks),
		done:   make(chan struct{}),
		errc:   make(chan error, 1),
	}
	for i := 0; i < readAheadBlocks; i++ {
		ra.free <- make([]byte, readAheadBlock)
	}
	go ra.fill(r)
	return ra
}

func (ra *readAhead) fill(r io.Reader) {
	defer close(ra.blocks)
	for {
		var b []byte
		select {
		case b = <-ra.free:
		case <-ra.done:
			return
		}
		n, err := io.ReadFull(r, b[:cap(b)])
		if n > 0 {
			select {
			case ra.blocks <- b[:n]:
			case <-ra.done:
				return
			}
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			ra.errc <- io.EOF
			return
		}
		if err != nil {
			ra.errc <- err
			return
		}
	}
}

// Read implements io.Reader.
func (ra *readAhead) Read(p []byte) (int, error) {
	for len(ra.cur) == 0 {
		if ra.err != nil {
			return 0, ra.err
		}
		if ra.block != nil {
			ra.free <- ra.block[:cap(ra.block)]
			ra.block = nil
		}
		b, ok := <-ra.blocks
		if !ok {
			ra.err = <-ra.errc
			return 0, ra.err
		}
		ra.block, ra.cur = b, b
	}
	n := copy(p, ra.cur)
	ra.cur = ra.cur[n:]
	return n, nil
}

// Close stops the reading goroutine (the underlying reader is the
// caller's to close, after Close returns).
func (ra *readAhead) Close() error {
	ra.once.Do(func() {
		close(ra.done)
		for range ra.blocks { // wait for the goroutine to finish
		}
	})
	return nil
}
