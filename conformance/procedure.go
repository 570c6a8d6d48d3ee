package conformance

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/cyqdb/cyq/value"
)

// ProcedureField is one input or output of a test procedure, e.g.
// `name :: STRING?`.
type ProcedureField struct {
	Name     string
	Type     string // INTEGER, FLOAT, NUMBER, STRING, ... (without the '?')
	Nullable bool   // the type was written with a trailing '?'
}

// ProcedureSignature is a parsed signature such as
// `test.my.proc(name :: STRING?, id :: INTEGER?) :: (city :: STRING?)`.
type ProcedureSignature struct {
	Name    string // dotted name, e.g. "test.my.proc"
	Inputs  []ProcedureField
	Outputs []ProcedureField
}

// String renders the signature in the TCK's form.
func (s ProcedureSignature) String() string {
	fields := func(fs []ProcedureField) string {
		parts := make([]string, len(fs))
		for i, f := range fs {
			parts[i] = f.Name + " :: " + f.Type
			if f.Nullable {
				parts[i] += "?"
			}
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprintf("%s(%s) :: (%s)", s.Name, fields(s.Inputs), fields(s.Outputs))
}

var (
	signatureRE = regexp.MustCompile(`^\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\s*\(([^()]*)\)\s*::\s*\(([^()]*)\)\s*$`)
	fieldRE     = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\s*::\s*([A-Za-z_][A-Za-z0-9_ ]*?)\s*(\?)?$`)
)

// ParseProcedureSignature parses a test procedure signature (without the
// step's trailing ':').
func ParseProcedureSignature(text string) (ProcedureSignature, error) {
	var sig ProcedureSignature
	m := signatureRE.FindStringSubmatch(text)
	if m == nil {
		return sig, fmt.Errorf("bad procedure signature %q", text)
	}
	sig.Name = m[1]
	var err error
	if sig.Inputs, err = parseFields(m[2]); err != nil {
		return sig, fmt.Errorf("procedure %s inputs: %w", sig.Name, err)
	}
	if sig.Outputs, err = parseFields(m[3]); err != nil {
		return sig, fmt.Errorf("procedure %s outputs: %w", sig.Name, err)
	}
	return sig, nil
}

func parseFields(text string) ([]ProcedureField, error) {
	if strings.TrimSpace(text) == "" {
		return nil, nil
	}
	var fields []ProcedureField
	for _, part := range strings.Split(text, ",") {
		m := fieldRE.FindStringSubmatch(strings.TrimSpace(part))
		if m == nil {
			return nil, fmt.Errorf("bad field %q", strings.TrimSpace(part))
		}
		fields = append(fields, ProcedureField{Name: m[1], Type: m[2], Nullable: m[3] == "?"})
	}
	return fields, nil
}

// Procedure is a test procedure defined by a table: Rows[i] holds one value
// per input followed by one value per output.
type Procedure struct {
	Signature ProcedureSignature
	Rows      [][]value.Value
}

// Call returns, in table order, the outputs of every row whose inputs equal
// args (a null cell matches a null argument; otherwise openCypher equality,
// so 1 matches 1.0). It returns an error when the number of arguments is
// wrong. A harness can implement a registered procedure with it.
func (p *Procedure) Call(args []value.Value) ([][]value.Value, error) {
	n := len(p.Signature.Inputs)
	if len(args) != n {
		return nil, fmt.Errorf("procedure %s takes %d arguments, got %d", p.Signature.Name, n, len(args))
	}
	var out [][]value.Value
rows:
	for _, row := range p.Rows {
		for i, a := range args {
			cell := row[i]
			if value.IsNull(cell) || value.IsNull(a) {
				if value.IsNull(cell) != value.IsNull(a) {
					continue rows
				}
				continue
			}
			if value.Equal(cell, a) != value.True {
				continue rows
			}
		}
		out = append(out, append([]value.Value(nil), row[n:]...))
	}
	return out, nil
}

// newProcedure builds a Procedure from a signature and the step's table,
// whose header must name all inputs then all outputs.
func newProcedure(sig ProcedureSignature, table [][]string) (*Procedure, error) {
	var want []string
	for _, f := range sig.Inputs {
		want = append(want, f.Name)
	}
	for _, f := range sig.Outputs {
		want = append(want, f.Name)
	}
	if len(table) == 0 {
		return nil, fmt.Errorf("procedure %s: missing table", sig.Name)
	}
	if !equalStrings(table[0], want) { // the single-| table of a procedure without fields has an empty header
		return nil, fmt.Errorf("procedure %s: table header %v does not list inputs then outputs %v", sig.Name, table[0], want)
	}
	proc := &Procedure{Signature: sig}
	for _, cells := range table[1:] {
		row, err := parseCells(cells)
		if err != nil {
			return nil, fmt.Errorf("procedure %s: %w", sig.Name, err)
		}
		proc.Rows = append(proc.Rows, row)
	}
	return proc, nil
}

func parseCells(cells []string) ([]value.Value, error) {
	row := make([]value.Value, len(cells))
	for i, c := range cells {
		v, err := ParseValue(c)
		if err != nil {
			return nil, err
		}
		row[i] = v
	}
	return row, nil
}
