package vm

import (
	"container/heap"
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// DegreeTopSpec is OpDegreeTop's operand: the degree read that follows the
// scan (an OpDegree of Spec, dropping the nodes whose degree is zero
// unless KeepZero) and the direction of the ORDER BY key it feeds.
type DegreeTopSpec struct {
	Spec     ExpandSpec
	KeepZero bool
	Desc     bool
	// Limit and Skip are the R registers holding LIMIT's and SKIP's
	// values (Skip -1 when there is none).
	Limit, Skip int32
}

// ConcurrentGraph is implemented by graphs whose reads may run on several
// goroutines at once (a snapshot, not a transaction's own state).
type ConcurrentGraph interface {
	ConcurrentReads() bool
}

// degreeTopChunk is the number of node ids a worker of degreeTop takes at
// a time; degreeTopParallelMin is the number of nodes from which the
// work is shared between GOMAXPROCS goroutines. (Variables: tests share
// small graphs between goroutines.)
var (
	degreeTopChunk       uint64 = 1 << 14
	degreeTopParallelMin uint64 = 1 << 15
)

// degreeTop returns the nodes of nodes whose degree (spec) can be among
// the first k = skip + limit rows of an ordering whose first key is that
// degree (descending with spec.Desc), each node being its own row: a
// node is left out only when k other nodes have a degree strictly
// better, so every node that ties with the k-th best stays (whatever the
// later sort keys say of the tie). Nodes of degree zero count only with
// KeepZero (otherwise the degree read drops them, and them alone). When
// limit or skip is not a non-negative integer, or k covers the nodes,
// nodes is returned as it is: the Limit and Skip that follow raise what
// row mode raises.
//
// The degrees are read once, on GOMAXPROCS goroutines taking ranges of
// node ids in turn when the graph allows concurrent reads and the nodes
// are many: each keeps its own k best degrees in a heap and the nodes
// that were not worse than its k-th best when read; the k-th best of all
// the heaps is the threshold, and the candidates are read again against
// it. A node read is a step; the budget, the memory limit and
// cancellation are checked at the end and between ranges.
func (m *Machine) degreeTop(nodes *roaring.Bitmap, spec *DegreeTopSpec, limit, skip value.Value) (*roaring.Bitmap, error) {
	k, ok := topCount(limit, skip)
	if !ok || k >= nodes.GetCardinality() {
		return nodes, nil
	}
	if k == 0 {
		return roaring.New(), nil
	}
	deg := m.degreeReader(&spec.Spec)
	workers := 1
	if cg, ok := m.ctx.Graph.(ConcurrentGraph); ok && cg.ConcurrentReads() && spec.Spec.EndLabels == nil && nodes.GetCardinality() >= degreeTopParallelMin {
		workers = max(1, runtime.GOMAXPROCS(0))
	}
	if err := m.account(int64(workers) * int64(k) * 8); err != nil {
		return nil, err
	}
	chunks := uint64(nodes.Maximum())/degreeTopChunk + 1
	workers = min(workers, int(chunks))
	parts := make([]degreePart, workers)
	var next atomic.Uint64
	var stop atomic.Bool
	ctx := m.ctx.Context
	work := func(p *degreePart) {
		p.best = bestDegrees{desc: spec.Desc}
		p.cand = roaring.New()
		it := nodes.Iterator()
		for !stop.Load() {
			c := next.Add(1) - 1
			if c >= chunks {
				return
			}
			if ctx.Err() != nil {
				stop.Store(true)
				return
			}
			lo, hi := c*degreeTopChunk, (c+1)*degreeTopChunk
			it.AdvanceIfNeeded(uint32(lo))
			for it.HasNext() && uint64(it.PeekNext()) < hi {
				n := it.Next()
				p.read++
				d := deg(n)
				if d == 0 && !spec.KeepZero {
					continue
				}
				if p.best.offer(d, k) {
					p.cand.Add(n)
				}
			}
		}
	}
	if workers == 1 {
		work(&parts[0])
	} else {
		var wg sync.WaitGroup
		for i := 1; i < workers; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				work(&parts[i])
			}()
		}
		work(&parts[0])
		wg.Wait()
	}
	var read int64
	all := bestDegrees{desc: spec.Desc}
	for i := range parts {
		read += parts[i].read
		for _, d := range parts[i].best.h {
			all.offer(d, k)
		}
	}
	m.steps += read
	if err := ctx.Err(); err != nil {
		if err == context.DeadlineExceeded {
			return nil, timeoutErr()
		}
		return nil, cyqerr.Runtimef(cyqerr.Cancelled, "", "the query was cancelled")
	}
	if m.limits.MaxSteps > 0 && m.steps > m.limits.MaxSteps {
		return nil, cyqerr.Runtimef(cyqerr.LimitExceeded, "StepBudget", "the query exceeded its budget of %d steps", m.limits.MaxSteps).WithHint("narrow the pattern or add a LIMIT")
	}
	cands := make([]*roaring.Bitmap, len(parts))
	for i := range parts {
		cands[i] = parts[i].cand
	}
	cand := roaring.FastOr(cands...)
	if err := m.account(int64(cand.GetSizeInBytes())); err != nil {
		return nil, err
	}
	if uint64(len(all.h)) < k {
		// fewer than k rows at all: every candidate (every node with a
		// row) stays
		return cand, nil
	}
	threshold := all.h[0]
	out := roaring.New()
	for it := cand.Iterator(); it.HasNext(); {
		n := it.Next()
		if d := deg(n); !worse(d, threshold, spec.Desc) {
			out.Add(n)
		}
	}
	m.steps += int64(cand.GetCardinality())
	return out, nil
}

// degreePart is one worker's share of degreeTop.
type degreePart struct {
	best bestDegrees
	cand *roaring.Bitmap
	read int64
}

// topCount is k = skip + limit when both are non-negative integers (skip
// null: none) and the sum does not overflow.
func topCount(limit, skip value.Value) (uint64, bool) {
	l, ok := limit.(value.Int)
	if !ok || l < 0 {
		return 0, false
	}
	s := value.Int(0)
	if skip != nil && !value.IsNull(skip) {
		if s, ok = skip.(value.Int); !ok || s < 0 {
			return 0, false
		}
	}
	if l > value.Int(1<<62) || s > value.Int(1<<62) {
		return 0, false
	}
	return uint64(l + s), true
}

// worse reports whether degree d sorts after t in the order (descending
// with desc).
func worse(d, t int, desc bool) bool {
	if desc {
		return d < t
	}
	return d > t
}

// bestDegrees keeps the k best degrees seen, the worst of them on top of
// a heap.
type bestDegrees struct {
	h    []int
	desc bool
}

// offer adds d when it is among the k best so far, and reports whether d
// is not worse than the k-th best (so that its node may be among the k
// best rows).
func (b *bestDegrees) offer(d int, k uint64) bool {
	if uint64(len(b.h)) < k {
		heap.Push(b, d)
		return true
	}
	if worse(d, b.h[0], b.desc) {
		return false
	}
	if worse(b.h[0], d, b.desc) {
		b.h[0] = d
		heap.Fix(b, 0)
	}
	return true
}

func (b *bestDegrees) Len() int           { return len(b.h) }
func (b *bestDegrees) Less(i, j int) bool { return worse(b.h[i], b.h[j], b.desc) }
func (b *bestDegrees) Swap(i, j int)      { b.h[i], b.h[j] = b.h[j], b.h[i] }
func (b *bestDegrees) Push(x any)         { b.h = append(b.h, x.(int)) }
func (b *bestDegrees) Pop() any {
	x := b.h[len(b.h)-1]
	b.h = b.h[:len(b.h)-1]
	return x
}

// degreeReader returns the degree read of spec as a function of the node,
// as OpDegree reads it. Without end labels it reads only the graph, so
// several goroutines may call it at once on a graph that allows it.
func (m *Machine) degreeReader(spec *ExpandSpec) func(uint32) int {
	if spec.EndLabels != nil {
		return func(n uint32) int { return m.degree(n, spec) }
	}
	g, types, noLoops, dir := m.ctx.Graph, m.typeIDs(spec.Types), spec.NoLoops, spec.Dir
	return func(n uint32) int {
		d := 0
		for _, t := range types {
			d += g.Degree(n, dir, t)
			if noLoops {
				d -= g.Degree(n, Out, t) + g.Degree(n, In, t) - g.Degree(n, Both, t)
			}
		}
		return d
	}
}
