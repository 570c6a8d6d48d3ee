package program

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cyqdb/cyq/parser/graphprogram"
)

// Program execution defaults.
const (
	// DefaultTimeout bounds one program's run.
	DefaultTimeout = 60 * time.Second
	// DefaultStatementRows bounds the nodes one Cypher operation
	// contributes when it sets no limit of its own (the rows, paths
	// included, that bring them are not counted). It does not bound an
	// operation whose statement only restricts W ('&', '-').
	DefaultStatementRows = 10000
	// DefaultKeyProperty is the property holding a concept's key.
	DefaultKeyProperty = "concept_id"
	// DefaultSourceLabel is the label marking sources.
	DefaultSourceLabel = "Source"
)

// Options configure how programs run against a graph.
type Options struct {
	// Timeout bounds each program (default DefaultTimeout).
	Timeout time.Duration
	// KeyProperty is the property holding a node's key (default
	// "concept_id"); nodes without it are keyed by elementId ("n:<id>").
	KeyProperty string
	// ConceptLabel marks concepts for the /concepts endpoints; "" means
	// every node is a concept.
	ConceptLabel string
	// SourceLabel marks sources (default "Source").
	SourceLabel string
	// MaxRows bounds the nodes collected from one Cypher operation
	// without a limit of its own (default DefaultStatementRows).
	MaxRows int
}

func (o *Options) withDefaults() Options {
	var c Options
	if o != nil {
		c = *o
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.KeyProperty == "" {
		c.KeyProperty = DefaultKeyProperty
	}
	if c.SourceLabel == "" {
		c.SourceLabel = DefaultSourceLabel
	}
	if c.MaxRows <= 0 {
		c.MaxRows = DefaultStatementRows
	}
	return c
}

// WSize is the size of the working graph.
type WSize struct {
	Nodes int `json:"nodes"`
	Links int `json:"links"`
}

// LogEntry records one executed statement.
type LogEntry struct {
	Statement     string  `json:"statement"`
	Op            string  `json:"op"`
	OperationType string  `json:"operation_type"`
	Label         string  `json:"label,omitempty"`
	BranchTaken   string  `json:"branch_taken,omitempty"`
	NodesAffected int     `json:"nodes_affected"`
	LinksAffected int     `json:"links_affected"`
	WSize         WSize   `json:"w_size"`
	DurationMs    float64 `json:"duration_ms"`
	// Truncated reports that the operation returned more nodes than its
	// limit; only the rows up to the limit's last node were used.
	Truncated bool `json:"truncated,omitempty"`
}

// Aborted says where and why a program stopped.
type Aborted struct {
	Statement string `json:"statement"`
	Reason    string `json:"reason"`
	Code      string `json:"code,omitempty"`
}

// Result is the outcome of running a program. Its working graph's
// payloads are read when Graph (or encoding the result as JSON) asks for
// them, from the graph as it is then; neither is safe for concurrent use.
type Result struct {
	Log     []LogEntry `json:"log"`
	Aborted *Aborted   `json:"aborted,omitempty"`
	// Warnings are the program's validation warnings and those of its
	// run (V022: a parameter that is unknown, or null for want of a value).
	Warnings []graphprogram.Issue `json:"warnings,omitempty"`
	// W is the final working graph (for chaining).
	W *WorkingGraph `json:"-"`
}

// Graph returns the final working graph's nodes and links with their
// payloads.
func (r *Result) Graph() GraphJSON { return r.W.JSON() }

// MarshalJSON encodes the result with its graph as "result".
func (r *Result) MarshalJSON() ([]byte, error) {
	type fields Result
	return json.Marshal(struct {
		Result GraphJSON `json:"result"`
		*fields
	}{r.Graph(), (*fields)(r)})
}

// InvalidError is returned when a program fails validation.
type InvalidError struct {
	Report graphprogram.Report
	// Index is the program's position in a deck (-1 outside a chain).
	Index int
}

func (e *InvalidError) Error() string {
	var b strings.Builder
	b.WriteString("invalid program")
	if e.Index >= 0 {
		fmt.Fprintf(&b, " (deck entry %d)", e.Index)
	}
	for i, is := range e.Report.Errors {
		if i == 5 {
			fmt.Fprintf(&b, "; and %d more", len(e.Report.Errors)-5)
			break
		}
		b.WriteString("; ")
		b.WriteString(is.String())
	}
	return b.String()
}

// errAssertion is the reason of a "!" statement whose result is empty.
var errAssertion = errors.New("assertion failed: empty result")
