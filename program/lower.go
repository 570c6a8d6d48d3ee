package program

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/cyqdb/cyq/internal/engine"

	"github.com/RoaringBitmap/roaring/v2"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/parser/ast"
	"github.com/cyqdb/cyq/parser/graphprogram"
	"github.com/cyqdb/cyq/planner"
	"github.com/cyqdb/cyq/planner/logical"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
	"github.com/cyqdb/cyq/vm"
)

// A GraphProgram runs on the same machinery as Cypher: lowering turns each
// Cypher operation into the query's logical plan with its rows collected
// into the statement's result R (CollectGraph) and the statement's
// operator merging R into the working graph W (WorkingApply), compiled to
// bytecode whose last instructions are that bitmap algebra. Endpoints are
// engine queries whose result feeds the same algebra; conditionals test W.

// wIDsParam is the parameter bound to W's node keys.
const wIDsParam = "W_IDS"

// lowered is a program lowered to logical plans, with each Cypher step's
// code.
type lowered struct {
	plan *logical.Program
	code map[*logical.Step]*planner.Compiled
	errs map[*logical.Step]error // a step that did not compile fails when it runs
	src  map[*logical.Step]graphprogram.Statement
	// query holds each compiled Cypher step's parsed query, compiled
	// again (from the plan cache) when it runs: see run.compiled.
	query map[*logical.Step]*stepQuery
}

// stepQuery is a Cypher step's query as lowering parsed it.
type stepQuery struct {
	st   *ast.Statement
	text string
	// stmt is how it compiles as a statement (its Seed set per run).
	stmt planner.Statement
	// readsW marks a query that reads $W_IDS; params names the other
	// parameters it reads (the program's), whose values it is planned
	// for.
	readsW bool
	params []string
}

// lower lowers p; the plans' cost model reads the graph's current
// statistics.
func (rn *Runner) lower(p *graphprogram.Program, o Options) (*lowered, error) {
	g, err := rn.eng.Graph()
	if err != nil {
		return nil, err
	}
	snap := g.Snapshot()
	defer snap.Close()
	l := &lowered{
		plan: &logical.Program{Name: p.Name(), Operations: graphprogram.CountOperations(p)},
		code: map[*logical.Step]*planner.Compiled{}, errs: map[*logical.Step]error{}, src: map[*logical.Step]graphprogram.Statement{},
		query: map[*logical.Step]*stepQuery{},
	}
	var walk func(ss []graphprogram.Statement, parent string) []*logical.Step
	walk = func(ss []graphprogram.Statement, parent string) []*logical.Step {
		steps := make([]*logical.Step, 0, len(ss))
		for i, s := range ss {
			path := strconv.Itoa(i)
			if parent != "" {
				path = parent + "." + path
			}
			op := s.Operation
			step := &logical.Step{Path: path, Label: s.Label, Kind: op.Type}
			if len(s.Op) == 1 {
				step.Op = s.Op[0]
			}
			l.src[step] = s
			switch op.Type {
			case graphprogram.TypeCypher:
				step.Query = oneLine(op.Query)
				stmt := planner.Statement{Op: step.Op, Limit: o.rowLimit(s), Param: wIDsParam, KeyProperty: o.KeyProperty}
				c, q, err := rn.compileProgramStatement(op.Query, snap, &stmt)
				if err != nil {
					l.errs[step] = err
				} else {
					step.Plan, l.code[step], l.query[step] = c.Plan, c, q
				}
			case graphprogram.TypeAPI:
				step.Endpoint = op.Endpoint
				step.Queries = rn.EndpointQueries(op.Endpoint, op.Params, &o)
			case graphprogram.TypeConditional:
				step.Test = conditionText(op.Condition)
				step.Then = walk(op.Then, path+".then")
				step.Else = walk(op.Else, path+".else")
			}
			steps = append(steps, step)
		}
		return steps
	}
	l.plan.Steps = walk(p.Statements, "")
	return l, nil
}

func conditionText(c *graphprogram.Condition) string {
	if c == nil {
		return "(none)"
	}
	t := c.Test
	switch {
	case c.Value != nil:
		t += fmt.Sprintf(" %g", *c.Value)
	case c.Ontology != "":
		t += " " + c.Ontology
	case c.Type != "":
		t += " " + c.Type
	}
	return t
}

// rowLimit is the number of nodes a Cypher statement may contribute (0:
// no bound): its own limit, else MaxRows for a statement that adds to W.
// A statement that only restricts W ('&', '-') adds nothing, and R's
// nodes outside W change nothing, so it has no default bound: its result
// is never truncated, whether or not it is seeded by W's nodes.
func (o Options) rowLimit(s graphprogram.Statement) int {
	op := s.Operation
	if op.Limit != nil {
		return int(*op.Limit)
	}
	if s.Op == graphprogram.OpIntersect || s.Op == graphprogram.OpDiff {
		return 0
	}
	return o.MaxRows
}

// compileProgramStatement compiles a read-only query as a program
// statement and returns it with the parsed query.
func (rn *Runner) compileProgramStatement(query string, r storage.Reader, stmt *planner.Statement) (*planner.Compiled, *stepQuery, error) {
	st, err := rn.eng.Parse(query)
	if err != nil {
		return nil, nil, err
	}
	if st.Command != nil {
		return nil, nil, cyqerr.Compile(cyqerr.AccessDenied, engine.ErrWriteRefused, "schema commands change the store; this operation is read-only").At(query, st.Command.NodeSpan().Start)
	}
	if st.Explain || st.Profile {
		return nil, nil, cyqerr.Compile(cyqerr.ProgramError, "V016", "EXPLAIN and PROFILE are not operations of a program").WithHint("explain the whole program with the explain action")
	}
	compiled, err := rn.eng.CompileAs(st, query, r, stmt, nil)
	if err != nil {
		return nil, nil, err
	}
	if compiled.Program.Writes {
		return nil, nil, rn.eng.WriteRefused(st)
	}
	q := &stepQuery{st: st, text: query, stmt: *stmt}
	ast.Inspect(st, func(n ast.Node) bool {
		p, ok := n.(*ast.Parameter)
		switch {
		case !ok:
		case p.Name == wIDsParam:
			q.readsW = true
		case !slices.Contains(q.params, p.Name):
			q.params = append(q.params, p.Name)
		}
		return true
	})
	return compiled, q, nil
}

// planParams returns the values of the program's parameters q reads, for
// planning q with them (nil when it reads none). $W_IDS is not among
// them: W's size reaches the plan as the statement's seed.
func (r *run) planParams(q *stepQuery) map[string]value.Value {
	if len(q.params) == 0 {
		return nil
	}
	out := make(map[string]value.Value, len(q.params))
	for _, n := range q.params {
		v, err := value.FromGo(r.params[n])
		if err != nil {
			continue // the run reports it when it binds the value
		}
		out[n] = v
	}
	return out
}

// compiled returns the code of a Cypher step for this run: its query
// compiled as a statement for the values of the program's parameters it
// reads, through the engine's plan cache (which reuses the plan while the
// schema, the data's shape and the counts the plan assumed hold, for
// values of the estimate class it was planned for), seeded by W's node set when the statement only
// restricts W (planner.Statement.Seed).
func (r *run) compiled(q *stepQuery, op graphprogram.Operation) (*planner.Compiled, error) {
	stmt := q.stmt
	if (stmt.Op == '&' || stmt.Op == '-') && op.Limit == nil {
		if n := r.w.ws.NodeSet.GetCardinality(); n > 0 {
			stmt.Seed = 1 << (bits.Len64(n) - 1)
		}
	}
	g, err := r.rn.eng.Graph()
	if err != nil {
		return nil, err
	}
	snap := g.Snapshot()
	defer snap.Close()
	c, err := r.rn.eng.CompileAs(q.st, q.text, snap, &stmt, r.planParams(q))
	if err != nil {
		return nil, err
	}
	if c.Program.Writes {
		return nil, r.rn.eng.WriteRefused(q.st)
	}
	return c, nil
}

// cypherStep runs a compiled Cypher statement in the VM: its rows fill R
// and its last instructions merge R into W.
func (r *run) cypherStep(ctx context.Context, c *planner.Compiled, readsW bool, limit int) (*vm.WorkingRun, error) {
	m, view, release, err := r.rn.eng.ReadMachine(ctx, c, r.bindings(readsW))
	if err != nil {
		return nil, err
	}
	defer release()
	wr := &vm.WorkingRun{W: r.w.ws, R: vm.NewWorking(), Limit: limit}
	wr.Seek = func(byKey bool) *roaring.Bitmap { return r.seek(view, byKey) }
	m.SetWorking(wr)
	for {
		more, err := m.Step()
		if err != nil {
			// The W operator is the statement's last instruction: an
			// error before it leaves W as it was.
			return nil, err
		}
		if !more {
			break
		}
	}
	// The payloads of the members that left go; those of new members
	// are read when something asks for them (WorkingGraph.fill).
	r.w.sync(nil, nil)
	return wr, nil
}

// payloadSource hydrates the payloads of nodes and links from a read view.
type payloadSource struct {
	keyProperty string
	view        storage.Reader
}

func (p payloadSource) node(id uint32) *WNode {
	return wnode(engine.HydrateNode(p.view, id), p.keyProperty)
}

func (p payloadSource) relProps(id uint64) map[string]any {
	m := value.Map{}
	for k, v := range p.view.RelProps(id) {
		m[p.view.PropKeyName(k)] = v
	}
	return props(m)
}

// seek returns the nodes that W's key list ($W_IDS) names: by element id
// ("n:<id>"), or by the key property. The key lookup is exact: besides W's
// own nodes it finds every node whose key equals one of W's keys, from a
// scan of the key property made once per run.
func (r *run) seek(view storage.Reader, byKey bool) *roaring.Bitmap {
	out := roaring.New()
	if !byKey {
		for _, k := range r.w.Keys() {
			s, ok := k.(string)
			if !ok || !strings.HasPrefix(s, "n:") {
				continue
			}
			if id, err := strconv.ParseUint(s[2:], 10, 32); err == nil && view.NodeExists(uint32(id)) {
				out.Add(uint32(id))
			}
		}
		return out
	}
	if r.keyIndex == nil {
		r.keyIndex = map[string]*roaring.Bitmap{}
		if key, ok := view.PropKeyID(r.opts.KeyProperty); ok {
			it := view.AllNodes().Iterator()
			var buf []byte
			for it.HasNext() {
				id := it.Next()
				v, ok := view.NodeProp(id, key)
				if !ok || value.IsNull(v) {
					continue
				}
				buf = value.AppendKey(buf[:0], v)
				b := r.keyIndex[string(buf)]
				if b == nil {
					b = roaring.New()
					r.keyIndex[string(buf)] = b
				}
				b.Add(id)
			}
		}
	}
	var buf []byte
	for _, k := range r.w.Keys() {
		v, err := value.FromGo(k)
		if err != nil {
			continue
		}
		buf = value.AppendKey(buf[:0], v)
		if b := r.keyIndex[string(buf)]; b != nil {
			out.Or(b)
		}
	}
	return out
}
