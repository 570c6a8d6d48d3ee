package conformance

import (
	"context"
	"sort"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

func init() {
	RegisterHarness("cyq", 10, func() (Harness, error) { return cyqHarness{}, nil })
	// Other plans for the same queries: every pattern row at a time (no
	// set-at-a-time rewrites, batched scans or vector code), and patterns
	// started at their last node (another join order).
	RegisterHarness("cyq-rowmode", 5, func() (Harness, error) { return cyqHarness{opts: cyq.Options{RowModeOnly: true}}, nil })
	RegisterHarness("cyq-startlast", 5, func() (Harness, error) { return cyqHarness{opts: cyq.Options{StartLast: true}}, nil })
}

// cyqHarness runs scenarios on cyq itself, each on a fresh in-memory store
// opened with opts.
type cyqHarness struct{ opts cyq.Options }

func (h cyqHarness) NewGraph(context.Context) (Graph, error) {
	opts := h.opts
	db, err := cyq.Open("", &opts)
	if err != nil {
		return nil, err
	}
	return &cyqGraph{db: db}, nil
}

type cyqGraph struct{ db *cyq.DB }

func (g *cyqGraph) Execute(ctx context.Context, query string, params map[string]value.Value) (Result, error) {
	rows, err := g.db.QueryValues(ctx, query, params)
	if err != nil {
		return Result{}, err
	}
	defer rows.Close()
	all, err := rows.All()
	if err != nil {
		return Result{}, err
	}
	return Result{Columns: rows.Columns(), Rows: all}, nil
}

func (g *cyqGraph) RegisterProcedure(p *Procedure) error {
	proc := &vm.Procedure{Name: p.Signature.Name, ReadOnly: true}
	for _, in := range p.Signature.Inputs {
		proc.Params = append(proc.Params, vm.ProcParam{Name: in.Name, Type: in.Type})
	}
	for _, out := range p.Signature.Outputs {
		proc.Outputs = append(proc.Outputs, vm.ProcParam{Name: out.Name, Type: out.Type})
	}
	proc.Fn = func(_ *vm.Ctx, args []value.Value) ([][]value.Value, error) { return p.Call(args) }
	return g.db.RegisterProcedure(proc)
}

func (g *cyqGraph) State(ctx context.Context) (GraphState, error) {
	rows, err := g.db.Query(ctx, "MATCH (n) RETURN n", nil)
	if err != nil {
		return GraphState{}, err
	}
	nodes, err := rows.All()
	if err != nil {
		return GraphState{}, err
	}
	rows, err = g.db.Query(ctx, "MATCH ()-[r]->() RETURN r", nil)
	if err != nil {
		return GraphState{}, err
	}
	rels, err := rows.All()
	if err != nil {
		return GraphState{}, err
	}
	var st GraphState
	for _, r := range nodes {
		st.Nodes = append(st.Nodes, r[0].(value.Node))
	}
	for _, r := range rels {
		st.Rels = append(st.Rels, r[0].(value.Rel))
	}
	sort.Slice(st.Nodes, func(i, j int) bool { return st.Nodes[i].ID < st.Nodes[j].ID })
	return st, nil
}

func (g *cyqGraph) Close() error { return g.db.Close() }

// NewCyqHarness returns a harness that runs scenarios on cyq, each on a
// fresh in-memory store opened with opts (for example with an ImportDir
// for LOAD CSV).
func NewCyqHarness(opts cyq.Options) Harness { return cyqHarness{opts: opts} }
