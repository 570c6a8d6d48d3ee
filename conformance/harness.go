package conformance

import (
	"context"
	"fmt"
	"sort"
	"sync"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// Harness creates graphs for scenarios. One Harness serves a whole run and is
// called from several goroutines at once.
type Harness interface {
	// NewGraph returns a fresh, empty graph with no parameters and no
	// procedures. Every scenario gets its own.
	NewGraph(ctx context.Context) (Graph, error)
}

// Graph is one scenario's graph. A Graph is used by one goroutine at a time.
type Graph interface {
	// Execute runs one Cypher statement. Errors of the engine should be (or
	// wrap) a *cyqerr.Error, whose Type, Phase and Detail are compared with
	// the scenario's expected error. ctx carries the scenario's deadline.
	Execute(ctx context.Context, query string, params map[string]value.Value) (Result, error)
	// RegisterProcedure makes a test procedure callable by later queries
	// (see Procedure.Call for its semantics).
	RegisterProcedure(proc *Procedure) error
	// State returns the whole graph: every node with its ID, labels and
	// properties and every relationship with its ID, type and properties.
	// Side effects are computed from two States, so IDs must identify an
	// entity across them (an engine must not reuse the ID of an entity
	// deleted by a query for one created by the same query).
	State(ctx context.Context) (GraphState, error)
	// Close releases the graph.
	Close() error
}

// Result is what a query returned: its column names, in order, and its rows,
// one value per column. Nodes must have Labels and Props filled,
// relationships Type and Props, and paths their nodes and relationships with
// IDs, Start and End set so that the direction of each step can be read.
type Result struct {
	Columns []string
	Rows    [][]value.Value
}

// GraphState is a snapshot of a whole graph, for side-effect counting.
// Properties whose value is null are treated as absent.
type GraphState struct {
	Nodes []value.Node
	Rels  []value.Rel
}

// LabelsInUse returns the set of distinct labels carried by some node.
func (s GraphState) LabelsInUse() map[string]bool {
	labels := make(map[string]bool)
	for _, n := range s.Nodes {
		for _, l := range n.Labels {
			labels[l] = true
		}
	}
	return labels
}

// HarnessFactory opens a Harness.
type HarnessFactory func() (Harness, error)

type harnessEntry struct {
	name     string
	priority int
	open     HarnessFactory
}

var (
	harnessMu sync.Mutex
	harnesses = map[string]harnessEntry{}
)

// RegisterHarness makes a harness available under name to the corpus test
// and to cmd/tck. The registered harness with the highest priority is the
// default; Unavailable is registered with priority 0. It panics when name is
// registered twice.
func RegisterHarness(name string, priority int, open HarnessFactory) {
	harnessMu.Lock()
	defer harnessMu.Unlock()
	if _, dup := harnesses[name]; dup {
		panic("conformance: harness " + name + " registered twice")
	}
	harnesses[name] = harnessEntry{name: name, priority: priority, open: open}
}

// HarnessNames returns the registered harness names, the default first
// (highest priority, then by name).
func HarnessNames() []string {
	harnessMu.Lock()
	defer harnessMu.Unlock()
	entries := make([]harnessEntry, 0, len(harnesses))
	for _, e := range harnesses {
		entries = append(entries, e)
	}
	sort.Slice(entries, func(i, j int) bool {
		if entries[i].priority != entries[j].priority {
			return entries[i].priority > entries[j].priority
		}
		return entries[i].name < entries[j].name
	})
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.name
	}
	return names
}

// DefaultHarness returns the name of the best available harness.
func DefaultHarness() string {
	names := HarnessNames()
	if len(names) == 0 {
		return ""
	}
	return names[0]
}

// OpenHarness opens the harness registered under name.
func OpenHarness(name string) (Harness, error) {
	harnessMu.Lock()
	e, ok := harnesses[name]
	harnessMu.Unlock()
	if !ok {
		return nil, fmt.Errorf("conformance: unknown harness %q (have %v)", name, HarnessNames())
	}
	return e.open()
}

// UnavailableMessage is the message of every error the Unavailable harness returns.
const UnavailableMessage = "query engine not available yet"

// Unavailable is a placeholder Harness for when no engine exists: its graphs
// accept procedures and report an empty state, and every Execute fails with
// an InternalError whose message is UnavailableMessage.
var Unavailable Harness = unavailableHarness{}

func init() {
	RegisterHarness("unavailable", 0, func() (Harness, error) { return Unavailable, nil })
}

type unavailableHarness struct{}

func (unavailableHarness) NewGraph(context.Context) (Graph, error) { return unavailableGraph{}, nil }

type unavailableGraph struct{}

func (unavailableGraph) Execute(context.Context, string, map[string]value.Value) (Result, error) {
	return Result{}, cyqerr.New(cyqerr.Internal, "", cyqerr.CompileTime, UnavailableMessage)
}

func (unavailableGraph) RegisterProcedure(*Procedure) error { return nil }

func (unavailableGraph) State(context.Context) (GraphState, error) { return GraphState{}, nil }

func (unavailableGraph) Close() error { return nil }

var _ Harness = unavailableHarness{}
var _ Graph = unavailableGraph{}
