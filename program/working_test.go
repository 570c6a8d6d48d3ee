package program

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/cyqdb/cyq/vm"
)

// randomResult builds an R over nodes 0..9 whose links join nodes of R.
func randomResult(rng *rand.Rand) *WorkingGraph {
	r := NewWorkingGraph()
	for id := uint32(0); id < 10; id++ {
		if rng.Intn(3) == 0 {
			r.addNode(&WNode{ConceptID: fmt.Sprint(id), id: id, key: fmt.Sprint(id)})
		}
	}
	ids := r.ws.NodeSet.ToArray()
	for i := 0; i < len(ids) && len(ids) > 0; i++ {
		a, b := ids[rng.Intn(len(ids))], ids[rng.Intn(len(ids))]
		r.addLink(&WLink{FromID: fmt.Sprint(a), ToID: fmt.Sprint(b), RelationshipType: "T" + fmt.Sprint(rng.Intn(2)), from: a, to: b})
	}
	return r
}

// model is the operators' definition on plain sets.
type model struct {
	nodes map[uint32]bool
	links map[vm.LinkKey]bool
}

func (m *model) apply(op string, r *WorkingGraph) bool {
	rn := map[uint32]bool{}
	for _, id := range r.ws.NodeSet.ToArray() {
		rn[id] = true
	}
	union := func() {
		for id := range rn {
			m.nodes[id] = true
		}
		for k := range r.ws.LinkSet {
			m.links[k] = true
		}
	}
	switch op {
	case "+":
		union()
	case "?":
		if len(rn) > 0 || len(r.ws.LinkSet) > 0 {
			union()
		}
	case "!":
		if len(rn) == 0 && len(r.ws.LinkSet) == 0 {
			return true
		}
		union()
	case "-":
		for id := range rn {
			delete(m.nodes, id)
		}
	case "&":
		for id := range m.nodes {
			if !rn[id] {
				delete(m.nodes, id)
			}
		}
	}
	for k := range m.links {
		if !m.nodes[k.From] || !m.nodes[k.To] {
			delete(m.links, k)
		}
	}
	return false
}

// TestWorkingGraphAlgebra runs random operator sequences and checks, after
// every statement, that no link dangles and that W equals the set model.
func TestWorkingGraphAlgebra(t *testing.T) {
	ops := []string{"+", "-", "&", "?", "!"}
	for seed := int64(0); seed < 300; seed++ {
		rng := rand.New(rand.NewSource(seed))
		w := NewWorkingGraph()
		m := &model{nodes: map[uint32]bool{}, links: map[vm.LinkKey]bool{}}
		for step := 0; step < 20; step++ {
			op := ops[rng.Intn(len(ops))]
			r := randomResult(rng)
			if rng.Intn(6) == 0 {
				r = NewWorkingGraph()
			}
			_, _, abort := w.apply(op, r)
			mAbort := m.apply(op, r)
			if abort != mAbort {
				t.Fatalf("seed %d step %d %s: abort %v, model %v", seed, step, op, abort, mAbort)
			}
			if err := w.CheckInvariants(); err != nil {
				t.Fatalf("seed %d step %d %s: %v", seed, step, op, err)
			}
			if w.NodeCount() != len(m.nodes) || w.LinkCount() != len(m.links) {
				t.Fatalf("seed %d step %d %s: W %d/%d, model %d/%d", seed, step, op, w.NodeCount(), w.LinkCount(), len(m.nodes), len(m.links))
			}
			for id := range m.nodes {
				if !w.ws.NodeSet.Contains(id) {
					t.Fatalf("seed %d: node %d missing", seed, id)
				}
			}
			for k := range m.links {
				if _, ok := w.links[k]; !ok {
					t.Fatalf("seed %d: link %v missing", seed, k)
				}
			}
			if abort {
				break
			}
		}
	}
}

// W's copy wins on collisions.
func TestWorkingGraphCopyWins(t *testing.T) {
	w := NewWorkingGraph()
	w.addNode(&WNode{ConceptID: "a", Label: "old", id: 1})
	r := NewWorkingGraph()
	r.addNode(&WNode{ConceptID: "a", Label: "new", id: 1})
	r.addNode(&WNode{ConceptID: "b", Label: "b", id: 2})
	n, _, _ := w.apply("+", r)
	if n != 1 || w.data[1].Label != "old" {
		t.Errorf("added %d, label %s", n, w.data[1].Label)
	}
}
