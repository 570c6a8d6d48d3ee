package graphprogram

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
)

// Version is the only GraphProgram version this package accepts.
const Version = 1

// Limits of a program.
const (
	// MaxOperations bounds the operations of a program (V006); a
	// conditional counts 1 for its test plus its longer branch.
	MaxOperations = 100
	// MaxNesting bounds how deeply conditionals nest (V007).
	MaxNesting = 3
	// MaxVarLength bounds a variable-length pattern's upper bound (V030).
	MaxVarLength = 6
	// MaxRelatedDepth bounds /concepts/related max_depth.
	MaxRelatedDepth = 6
	// MaxDeck bounds the programs of a chain.
	MaxDeck = 10
	// MaxInputSize bounds the size of a program's JSON text.
	MaxInputSize = 1 << 20
)

// Operators.
const (
	OpUnion     = "+"
	OpDiff      = "-"
	OpIntersect = "&"
	OpOptional  = "?"
	OpAssert    = "!"
)

// Operation types.
const (
	TypeCypher      = "cypher"
	TypeAPI         = "api"
	TypeConditional = "conditional"
)

// Program is a decoded GraphProgram.
type Program struct {
	Version    int         `json:"version"`
	Metadata   *Metadata   `json:"metadata,omitempty"`
	Params     []Param     `json:"params,omitempty"`
	Statements []Statement `json:"statements"`
}

// Metadata describes a program.
type Metadata struct {
	Name        string `json:"name,omitempty"`
	Description string `json:"description,omitempty"`
	Author      string `json:"author,omitempty"` // "human", "agent" or "system"
	Created     string `json:"created,omitempty"`
}

// Param is a declared program parameter.
type Param struct {
	Name    string `json:"name"`
	Type    string `json:"type"` // "string" or "number"
	Default any    `json:"default,omitempty"`
}

// Statement is one operator applied to the result of one operation.
type Statement struct {
	Op        string    `json:"op"`
	Operation Operation `json:"operation"`
	Label     string    `json:"label,omitempty"`
}

// Operation is a Cypher query, an API endpoint call or a conditional.
type Operation struct {
	Type string `json:"type"`
	// cypher
	Query string `json:"query,omitempty"`
	Limit *int64 `json:"limit,omitempty"`
	// api
	Endpoint string         `json:"endpoint,omitempty"`
	Params   map[string]any `json:"params,omitempty"`
	// conditional
	Condition *Condition  `json:"condition,omitempty"`
	Then      []Statement `json:"then,omitempty"`
	Else      []Statement `json:"else,omitempty"`
}

// Condition is the test of a conditional, evaluated on the working graph.
type Condition struct {
	Test     string   `json:"test"`
	Value    *float64 `json:"value,omitempty"`
	Ontology string   `json:"ontology,omitempty"`
	Type     string   `json:"type,omitempty"`
}

// Condition tests.
var conditionTests = map[string][]string{
	"has_results":      nil,
	"empty":            nil,
	"count_gte":        {"value"},
	"count_lte":        {"value"},
	"has_ontology":     {"ontology"},
	"has_relationship": {"type"},
}

// Canonical returns the program's canonical JSON encoding: fields in a fixed
// order, map keys sorted, no insignificant space.
func (p *Program) Canonical() []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(p); err != nil {
		return nil
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}

// Hash returns the hex sha256 of the canonical encoding.
func (p *Program) Hash() string {
	s := sha256.Sum256(p.Canonical())
	return hex.EncodeToString(s[:])
}

// Name returns the metadata name or "".
func (p *Program) Name() string {
	if p.Metadata == nil {
		return ""
	}
	return p.Metadata.Name
}
