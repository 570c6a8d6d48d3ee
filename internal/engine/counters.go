package engine

import (
	"context"
	"errors"

	"github.com/cyqdb/cyq/cyqerr"
)

// Counters count what a statement changed in the graph and its schema. The
// writer of a transaction (txWriter) counts each write where it happens,
// with Neo4j's rules: setting a property to a value counts even when the
// value does not change; removing one (SET x.p = null, REMOVE x.p) counts
// only when it was there; a label counts only when it is really added or
// removed; DETACH DELETE counts the relationships it deletes; CREATE counts
// its node or relationship, its labels and its non-null properties; an
// index or constraint created with IF NOT EXISTS that already exists
// counts nothing. cyq.Stats is the public form.
type Counters struct {
	NodesCreated         int
	NodesDeleted         int
	RelationshipsCreated int
	RelationshipsDeleted int
	PropertiesSet        int
	LabelsAdded          int
	LabelsRemoved        int
	IndexesAdded         int
	IndexesRemoved       int
	ConstraintsAdded     int
	ConstraintsRemoved   int
}

// Add adds o's counts to c.
func (c *Counters) Add(o Counters) {
	c.NodesCreated += o.NodesCreated
	c.NodesDeleted += o.NodesDeleted
	c.RelationshipsCreated += o.RelationshipsCreated
	c.RelationshipsDeleted += o.RelationshipsDeleted
	c.PropertiesSet += o.PropertiesSet
	c.LabelsAdded += o.LabelsAdded
	c.LabelsRemoved += o.LabelsRemoved
	c.IndexesAdded += o.IndexesAdded
	c.IndexesRemoved += o.IndexesRemoved
	c.ConstraintsAdded += o.ConstraintsAdded
	c.ConstraintsRemoved += o.ConstraintsRemoved
}

// ctxErr is the error for work stopped because its context ended: a
// LimitExceeded.Timeout error for a deadline, a Cancelled one otherwise.
// It unwraps to cause, so errors.Is(err, context.DeadlineExceeded) (or
// context.Canceled) holds.
func ctxErr(cause error) *cyqerr.Error {
	var e *cyqerr.Error
	if errors.Is(cause, context.DeadlineExceeded) {
		e = cyqerr.Runtimef(cyqerr.LimitExceeded, "Timeout", "the query ran past its time limit").WithHint("add a LIMIT, narrow the pattern, or raise the timeout")
	} else {
		e = cyqerr.Runtimef(cyqerr.Cancelled, "", "the query was cancelled")
	}
	e.Cause = cause
	return e
}

// stopped returns err, made to unwrap to ctx.Err() when ctx has ended and
// err reports that end (a cancellation or timeout from the VM, or a wait
// for the writer cut short). Other errors pass unchanged; the position of
// the error is kept.
func stopped(ctx context.Context, err error) error {
	cause := ctx.Err()
	if err == nil || cause == nil {
		return err
	}
	e := cyqerr.As(err)
	related := errors.Is(err, cause) || e != nil && (e.Type == cyqerr.Cancelled || e.Code() == "LimitExceeded.Timeout")
	if !related {
		return err
	}
	out := ctxErr(cause)
	if e != nil {
		out.Pos, out.EndOff, out.Source = e.Pos, e.EndOff, e.Source
	}
	return out
}

// started returns the error for work asked for under a context that has
// already ended, or nil.
func started(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return ctxErr(err)
	}
	return nil
}
