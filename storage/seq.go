package storage

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/cockroachdb/pebble/v2"
)

// Commit sequence numbers (see doc.go, "Commit sequence"). Every Pebble
// batch that changes a graph, and every bulk ingest, carries the next
// store-wide sequence number under keyStoreSeq and, for the graph it
// changes, under graphSeqKey. After Pebble acknowledges it the number is
// also written to the file COMMITSEQ.
var keyStoreSeq = []byte("\x00S")

const commitSeqName = "COMMITSEQ"

func graphSeqKey(gid uint32) []byte {
	return binary.BigEndian.AppendUint32([]byte("\x00s"), gid)
}

// readSeq reads a sequence number record (0 when absent).
func (s *Store) readSeq(key []byte) (uint64, error) {
	v, ok, err := s.get(key)
	if err != nil || !ok {
		return 0, err
	}
	if len(v) != 8 {
		return 0, errorf(ErrCorrupt, "bad sequence record %q", key)
	}
	return binary.BigEndian.Uint64(v), nil
}

// openSeq reads the store's sequence number and checks it against
// COMMITSEQ: a store that lost acknowledged commits is corrupt. Unless
// read-only, it keeps COMMITSEQ open for the commits to come.
func (s *Store) openSeq() error {
	seq, err := s.readSeq(keyStoreSeq)
	if err != nil {
		return err
	}
	s.seq = seq
	fs, path := s.opts.FS, s.opts.FS.PathJoin(s.dir, commitSeqName)
	if f, err := fs.Open(path); err == nil {
		var b [12]byte
		n, rerr := f.ReadAt(b[:], 0)
		_ = f.Close()
		switch {
		case n != len(b) || (rerr != nil && rerr != io.EOF):
			s.opts.Logger.Errorf("%s is unreadable; the commit sequence is not checked", commitSeqName)
		case crc32.ChecksumIEEE(b[:8]) != binary.BigEndian.Uint32(b[8:]):
			s.opts.Logger.Errorf("%s is damaged; the commit sequence is not checked", commitSeqName)
		default:
			if acked := binary.BigEndian.Uint64(b[:8]); acked > seq {
				return errorf(ErrCorrupt, "commit %d was acknowledged but the store ends at commit %d (damaged or replaced files)", acked, seq)
			}
		}
	}
	if s.opts.ReadOnly {
		return nil
	}
	f, err := fs.OpenReadWrite(path, "")
	if err != nil {
		return fmt.Errorf("storage: open %s: %w", commitSeqName, err)
	}
	s.seqFile = f
	return s.recordSeq(seq)
}

// recordSeq writes seq to COMMITSEQ (not synced: the number only has to
// survive a crash of the process, which Pebble's synced commit also did).
func (s *Store) recordSeq(seq uint64) error {
	var b [12]byte
	binary.BigEndian.PutUint64(b[:], seq)
	binary.BigEndian.PutUint32(b[8:], crc32.ChecksumIEEE(b[:8]))
	if _, err := s.seqFile.WriteAt(b[:], 0); err != nil {
		return fmt.Errorf("storage: write %s: %w", commitSeqName, err)
	}
	return nil
}

// commitBatch commits b with a synced WAL as the next commit of the store,
// recording the sequence number for graph g (nil: no graph) and, with jc,
// the commit's journal record (overlay.go).
func (s *Store) commitBatch(b *pebble.Batch, g *Graph, jc *journalCommit) error {
	s.seqMu.Lock()
	defer s.seqMu.Unlock()
	seq := s.seq + 1
	sb := binary.BigEndian.AppendUint64(nil, seq)
	if err := b.Set(keyStoreSeq, sb, nil); err != nil {
		return err
	}
	if g != nil {
		if err := b.Set(graphSeqKey(g.id), sb, nil); err != nil {
			return err
		}
		if jc != nil {
			if err := b.Set(journalKey(g.id, seq), jc.value(g.seq.Load()), nil); err != nil {
				return err
			}
		}
	}
	if err := b.Commit(pebble.Sync); err != nil {
		return err
	}
	s.advance(seq, g)
	if g != nil {
		if jc == nil {
			g.unjournaled.Store(seq)
		} else {
			g.journalChanges.Add(jc.changes)
			if jc.indexDDL {
				g.indexDDL.Store(seq)
			}
		}
		s.kickImage(g)
	}
	return nil
}

// committed records that commit seq (of graph g, if not nil), written
// without a journal record (a bulk load), is durable: g's journal no longer
// chains from its image, so a new image is written (imagefold.go). The
// caller holds seqMu.
func (s *Store) committed(seq uint64, g *Graph) {
	s.advance(seq, g)
	if g != nil {
		g.unjournaled.Store(seq)
		s.kickImage(g)
	}
}

// advance records that commit seq (of graph g, if not nil) is durable.
// The caller holds seqMu.
func (s *Store) advance(seq uint64, g *Graph) {
	s.seq = seq
	if g != nil {
		g.seq.Store(seq)
	}
	if err := s.recordSeq(seq); err != nil {
		s.opts.Logger.Errorf("%v", err)
	}
}
