package engine

import (
	"errors"
	"strings"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// graphView presents a storage.Reader (a snapshot or a write transaction)
// to the VM.
type graphView struct{ r storage.Reader }

var _ vm.Graph = graphView{}

func (g graphView) LabelID(n string) (uint32, bool)            { return g.r.LabelID(n) }
func (g graphView) LabelName(id uint32) string                 { return g.r.LabelName(id) }
func (g graphView) TypeID(n string) (uint32, bool)             { return g.r.TypeID(n) }
func (g graphView) TypeName(id uint32) string                  { return g.r.TypeName(id) }
func (g graphView) PropKeyID(n string) (uint32, bool)          { return g.r.PropKeyID(n) }
func (g graphView) PropKeyName(id uint32) string               { return g.r.PropKeyName(id) }
func (g graphView) AllNodes() *roaring.Bitmap                  { return g.r.AllNodes() }
func (g graphView) NodesWithLabel(l uint32) *roaring.Bitmap    { return g.r.NodesWithLabel(l) }
func (g graphView) NodeExists(id uint32) bool                  { return g.r.NodeExists(id) }
func (g graphView) NodeLabels(id uint32) []uint32              { return g.r.NodeLabels(id) }
func (g graphView) NodeHasLabel(id, l uint32) bool             { return g.r.NodeHasLabel(id, l) }
func (g graphView) NodeProp(id, k uint32) (value.Value, bool)  { return g.r.NodeProp(id, k) }
func (g graphView) NodeProps(id uint32) map[uint32]value.Value { return g.r.NodeProps(id) }
func (g graphView) Expand(node uint32, dir vm.Direction, typ uint32, fn func(uint64, uint32, uint32) bool) {
	g.r.Expand(node, storage.Direction(dir), typ, fn)
}
func (g graphView) Neighbors(node uint32, dir vm.Direction, typ uint32) *roaring.Bitmap {
	return g.r.Neighbors(node, storage.Direction(dir), typ)
}
func (g graphView) Degree(node uint32, dir vm.Direction, typ uint32) int {
	return g.r.Degree(node, storage.Direction(dir), typ)
}

var _ vm.PairGraph = graphView{}

// Linked implements vm.PairGraph.
func (g graphView) Linked(node uint32, dir vm.Direction, typ uint32, nbr uint32) bool {
	return g.r.Linked(node, storage.Direction(dir), typ, nbr)
}

// RelsBetween implements vm.PairGraph.
func (g graphView) RelsBetween(a, b uint32, dir vm.Direction, fn func(rel uint64, start, end, typ uint32) bool) {
	g.r.RelsBetween(a, b, storage.Direction(dir), fn)
}

// ConcurrentReads implements vm.ConcurrentGraph: a snapshot is safe for
// concurrent use, a transaction's own state is not said to be.
func (g graphView) ConcurrentReads() bool {
	_, ok := g.r.(*storage.Snapshot)
	return ok
}

func (g graphView) Rel(id uint64) (uint32, uint32, uint32, bool)    { return g.r.Rel(id) }
func (g graphView) RelProp(id uint64, k uint32) (value.Value, bool) { return g.r.RelProp(id, k) }
func (g graphView) RelProps(id uint64) map[uint32]value.Value       { return g.r.RelProps(id) }

// IndexRange implements vm.Graph.
func (g graphView) IndexRange(label, key uint32, lo, hi value.Value, loIncl, hiIncl bool) (*roaring.Bitmap, bool) {
	if _, ok := g.r.Index(label, key); !ok {
		return nil, false
	}
	return g.r.IndexRange(label, key, lo, hi, loIncl, hiIncl), true
}

// IndexNaN implements vm.Graph.
func (g graphView) IndexNaN(label, key uint32) (*roaring.Bitmap, bool) {
	if _, ok := g.r.Index(label, key); !ok {
		return nil, false
	}
	return g.r.IndexNaN(label, key), true
}

// IndexSeek uses the index when there is one; storage answers by a label
// scan otherwise, so the result is always complete.
func (g graphView) IndexSeek(label, key uint32, v value.Value) (*roaring.Bitmap, bool) {
	return g.r.IndexSeek(label, key, v), true
}

// txWriter presents a storage transaction's writes to the VM, creating
// dictionary entries on first use, and counts them in c (see Counters).
type txWriter struct {
	tx *storage.Tx
	c  *Counters
}

var _ vm.Writer = txWriter{}

func (w txWriter) labelIDs(labels []string) ([]uint32, error) {
	ids := make([]uint32, 0, len(labels))
	for _, l := range labels {
		id, err := w.tx.LabelIDOrCreate(l)
		if err != nil {
			return nil, mapStorageErr(err)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

func (w txWriter) props(p value.Map) (map[uint32]value.Value, error) {
	out := make(map[uint32]value.Value, len(p))
	for k, v := range p {
		if value.IsNull(v) {
			continue
		}
		id, err := w.tx.PropKeyIDOrCreate(k)
		if err != nil {
			return nil, mapStorageErr(err)
		}
		out[id] = v
	}
	return out, nil
}

func (w txWriter) CreateNode(labels []string, props value.Map) (uint32, error) {
	ls, err := w.labelIDs(labels)
	if err != nil {
		return 0, err
	}
	ps, err := w.props(props)
	if err != nil {
		return 0, err
	}
	id, err := w.tx.CreateNode(ls, ps)
	if err != nil {
		return 0, mapStorageErr(err)
	}
	w.c.NodesCreated++
	w.c.LabelsAdded += len(w.tx.NodeLabels(id)) // a label named twice counts once
	w.c.PropertiesSet += len(ps)
	return id, nil
}

func (w txWriter) CreateRel(start, end uint32, typ string, props value.Map) (uint64, error) {
	t, err := w.tx.TypeIDOrCreate(typ)
	if err != nil {
		return 0, mapStorageErr(err)
	}
	ps, err := w.props(props)
	if err != nil {
		return 0, err
	}
	id, err := w.tx.CreateRel(start, end, t, ps)
	if err != nil {
		return 0, mapStorageErr(err)
	}
	w.c.RelationshipsCreated++
	w.c.PropertiesSet += len(ps)
	return id, nil
}

// setProp sets (or, for null, removes) a property through set and remove,
// counting a set always and a removal only when the property was there.
func (w txWriter) setProp(key string, v value.Value, has func(k uint32) bool, set func(k uint32, v value.Value) error, remove func(k uint32) error) error {
	if value.IsNull(v) {
		k, ok := w.tx.PropKeyID(key)
		if !ok {
			return nil
		}
		had := has(k)
		if err := remove(k); err != nil {
			return mapStorageErr(err)
		}
		if had {
			w.c.PropertiesSet++
		}
		return nil
	}
	k, err := w.tx.PropKeyIDOrCreate(key)
	if err != nil {
		return mapStorageErr(err)
	}
	if err := set(k, v); err != nil {
		return mapStorageErr(err)
	}
	w.c.PropertiesSet++
	return nil
}

func (w txWriter) SetNodeProp(id uint32, key string, v value.Value) error {
	return w.setProp(key, v,
		func(k uint32) bool { _, ok := w.tx.NodeProp(id, k); return ok },
		func(k uint32, v value.Value) error { return w.tx.SetNodeProp(id, k, v) },
		func(k uint32) error { return w.tx.RemoveNodeProp(id, k) })
}

func (w txWriter) SetRelProp(id uint64, key string, v value.Value) error {
	return w.setProp(key, v,
		func(k uint32) bool { _, ok := w.tx.RelProp(id, k); return ok },
		func(k uint32, v value.Value) error { return w.tx.SetRelProp(id, k, v) },
		func(k uint32) error { return w.tx.RemoveRelProp(id, k) })
}

func (w txWriter) AddLabels(id uint32, labels []string) error {
	ls, err := w.labelIDs(labels)
	if err != nil {
		return err
	}
	for _, l := range ls {
		had := w.tx.NodeHasLabel(id, l)
		if err := w.tx.AddLabel(id, l); err != nil {
			return mapStorageErr(err)
		}
		if !had {
			w.c.LabelsAdded++
		}
	}
	return nil
}

func (w txWriter) RemoveLabels(id uint32, labels []string) error {
	for _, name := range labels {
		l, ok := w.tx.LabelID(name)
		if !ok {
			continue
		}
		had := w.tx.NodeHasLabel(id, l)
		if err := w.tx.RemoveLabel(id, l); err != nil {
			return mapStorageErr(err)
		}
		if had {
			w.c.LabelsRemoved++
		}
	}
	return nil
}

func (w txWriter) DeleteNode(id uint32, detach bool) error {
	rels := map[uint64]bool{} // a self-loop is met twice
	if detach {
		w.tx.Expand(id, storage.Both, storage.AnyType, func(r uint64, _, _ uint32) bool {
			rels[r] = true
			return true
		})
	}
	if err := w.tx.DeleteNode(id, detach); err != nil {
		return mapStorageErr(err)
	}
	w.c.NodesDeleted++
	w.c.RelationshipsDeleted += len(rels)
	return nil
}

func (w txWriter) DeleteRel(id uint64) error {
	if err := w.tx.DeleteRel(id); err != nil {
		return mapStorageErr(err)
	}
	w.c.RelationshipsDeleted++
	return nil
}

// mapStorageErr turns storage's sentinel errors into engine errors.
func mapStorageErr(err error) error {
	if err == nil {
		return nil
	}
	if e := cyqerr.As(err); e != nil {
		return e
	}
	wrap := func(t cyqerr.Type, detail string, hint string) error {
		e := cyqerr.Runtimef(t, detail, "%s", err.Error())
		e.Cause = err
		e.Hint = hint
		return e
	}
	switch {
	case errors.Is(err, storage.ErrNodeHasRelationships):
		return wrap(cyqerr.ConstraintVerificationFailed, "DeleteConnectedNode", "use DETACH DELETE to delete a node together with its relationships")
	case errors.Is(err, storage.ErrInvalidProperty):
		return wrap(cyqerr.TypeError, "InvalidPropertyType", "property values are numbers, strings, booleans, temporal values or lists of one of these")
	case errors.Is(err, storage.ErrConstraintViolation):
		// The message is the violation, as Neo4j words it.
		e := cyqerr.Runtimef(cyqerr.ConstraintValidationFailed, "", "%s", strings.TrimPrefix(err.Error(), storage.ErrConstraintViolation.Error()+": "))
		e.Cause = err
		e.Hint = "SHOW CONSTRAINTS lists the constraints; the write was not applied"
		return e
	case errors.Is(err, storage.ErrReadOnly):
		return wrap(cyqerr.AccessDenied, "ReadOnly", "open the store read-write to change it")
	case errors.Is(err, storage.ErrMemoryBudget):
		return wrap(cyqerr.LimitExceeded, "MemoryBudget", "raise the store's memory budget")
	case errors.Is(err, storage.ErrNotFound):
		return wrap(cyqerr.EntityNotFound, "", "")
	case errors.Is(err, storage.ErrCorrupt), errors.Is(err, storage.ErrIncompatibleVersion), errors.Is(err, storage.ErrLocked):
		return wrap(cyqerr.StorageError, "", "")
	case errors.Is(err, storage.ErrWriterBusy):
		return wrap(cyqerr.LimitExceeded, "WriterBusy", "another write is in progress; retry")
	}
	return wrap(cyqerr.StorageError, "", "")
}

// RelTypeCounts implements vm.TypeCounter from the store's statistics,
// which every write keeps current (in a transaction, its own writes
// included).
func (g graphView) RelTypeCounts() []vm.TypeCount {
	var out []vm.TypeCount
	for t, n := range g.r.Stats().RelsPerType {
		if n > 0 {
			out = append(out, vm.TypeCount{Type: g.r.TypeName(t), Count: int64(n)})
		}
	}
	return out
}

// ExpandSet implements vm.SetExpander.
func (g graphView) ExpandSet(nodes *roaring.Bitmap, dir vm.Direction, typ uint32) *roaring.Bitmap {
	return g.r.ExpandSet(nodes, storage.Direction(dir), typ)
}

// ExpandSetExcept implements vm.SetExpander.
func (g graphView) ExpandSetExcept(nodes, except *roaring.Bitmap, dir vm.Direction, typ uint32) *roaring.Bitmap {
	return g.r.ExpandSetExcept(nodes, except, storage.Direction(dir), typ)
}

// ExpandSetCharged implements vm.ChargedSetExpander.
func (g graphView) ExpandSetCharged(nodes, except *roaring.Bitmap, dir vm.Direction, typ uint32, charge func(int64) error) (*roaring.Bitmap, error) {
	return g.r.ExpandSetCharged(nodes, except, storage.Direction(dir), typ, charge)
}

// ReaderOf returns the store view a procedure runs against: a snapshot, or
// the write transaction of a writing query.
func ReaderOf(ctx *vm.Ctx) (storage.Reader, bool) {
	gv, ok := ctx.Graph.(graphView)
	if !ok {
		return nil, false
	}
	return gv.r, true
}

// TxOf returns the write transaction of a procedure called by a writing
// query.
func TxOf(ctx *vm.Ctx) (*storage.Tx, bool) {
	w, ok := ctx.Writer.(txWriter)
	if !ok {
		return nil, false
	}
	return w.tx, true
}

// StorageError turns storage's sentinel errors into engine errors with a
// code and a hint.
func StorageError(err error) error { return mapStorageErr(err) }
