package graphprogram

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Decode parses a program's JSON text and checks it against the schema.
// Malformed JSON and schema violations are V000 issues (a missing or wrong
// version is V001); the program is nil when it cannot be decoded at all.
func Decode(data []byte) (*Program, []Issue) {
	if len(data) > MaxInputSize {
		return nil, []Issue{errIssue("V000", "", "", "the program is %d bytes; at most %d are accepted", len(data), MaxInputSize)}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, []Issue{errIssue("V000", "", "", "malformed JSON: %v", err)}
	}
	if dec.More() {
		return nil, []Issue{errIssue("V000", "", "", "malformed JSON: unexpected data after the program object")}
	}
	return FromValue(v)
}

// FromValue decodes a program given as a decoded JSON value (maps, slices,
// strings, bools, float64 or json.Number), as MCP tool arguments arrive.
func FromValue(v any) (*Program, []Issue) {
	d := &decoder{}
	p := d.program(v)
	return p, d.issues
}

type decoder struct {
	issues []Issue
}

func (d *decoder) errf(rule, stmt, ptr, format string, args ...any) {
	d.issues = append(d.issues, errIssue(rule, stmt, ptr, format, args...))
}

func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number, float64, float32, int, int64, int32:
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// object checks that v is an object with only the allowed keys.
func (d *decoder) object(v any, stmt, ptr, what string, allowed ...string) (map[string]any, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		d.errf("V000", stmt, ptr, "%s must be an object, not %s", what, typeName(v))
		return nil, false
	}
	var unknown []string
	for k := range m {
		found := false
		for _, a := range allowed {
			if k == a {
				found = true
				break
			}
		}
		if !found {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		d.errf("V000", stmt, ptr+"/"+escape(k), "unknown field %q in %s (allowed: %s)", k, what, strings.Join(allowed, ", "))
	}
	return m, true
}

func (d *decoder) str(m map[string]any, key, stmt, ptr string, required bool) (string, bool) {
	v, ok := m[key]
	if !ok {
		if required {
			d.errf("V000", stmt, ptr, "missing required field %q", key)
		}
		return "", false
	}
	s, ok := v.(string)
	if !ok {
		d.errf("V000", stmt, ptr+"/"+key, "%q must be a string, not %s", key, typeName(v))
		return "", false
	}
	return s, true
}

// Number converts a JSON number (json.Number, float64 or an integer type)
// to float64.
func Number(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return 0, false
		}
		return f, true
	case float64:
		return x, !math.IsInf(x, 0) && !math.IsNaN(x)
	case float32:
		return float64(x), true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case int32:
		return float64(x), true
	}
	return 0, false
}

func (d *decoder) program(v any) *Program {
	m, ok := d.object(v, "", "", "the program", "version", "metadata", "params", "statements")
	if !ok {
		return nil
	}
	p := &Program{}
	if ver, ok := m["version"]; !ok {
		d.errf("V001", "", "/version", "missing \"version\"; this engine accepts version 1")
	} else if f, ok := Number(ver); !ok || f != Version {
		d.errf("V001", "", "/version", "unsupported version %s; this engine accepts version 1", compact(ver))
	} else {
		p.Version = Version
	}
	if md, ok := m["metadata"]; ok {
		p.Metadata = d.metadata(md)
	}
	if ps, ok := m["params"]; ok {
		arr, ok := ps.([]any)
		if !ok {
			d.errf("V000", "", "/params", "\"params\" must be an array, not %s", typeName(ps))
		}
		for i, e := range arr {
			ptr := "/params/" + strconv.Itoa(i)
			pm, ok := d.object(e, "", ptr, "a parameter declaration", "name", "type", "default")
			if !ok {
				continue
			}
			var par Param
			par.Name, _ = d.str(pm, "name", "", ptr, true)
			par.Type, _ = d.str(pm, "type", "", ptr, true)
			if par.Type != "" && par.Type != "string" && par.Type != "number" {
				d.errf("V000", "", ptr+"/type", "parameter type %q is not one of \"string\", \"number\"", par.Type)
			}
			if def, ok := pm["default"]; ok {
				par.Default = normalize(def)
			}
			p.Params = append(p.Params, par)
		}
	}
	sv, ok := m["statements"]
	if !ok {
		d.errf("V002", "", "/statements", "missing \"statements\"; a program needs at least one statement")
		return p
	}
	if sv == nil {
		d.errf("V002", "", "/statements", "\"statements\" is null; a program needs at least one statement")
		return p
	}
	p.Statements = d.statements(sv, "", "/statements", 0)
	return p
}

func (d *decoder) metadata(v any) *Metadata {
	m, ok := d.object(v, "", "/metadata", "metadata", "name", "description", "author", "created")
	if !ok {
		return nil
	}
	md := &Metadata{}
	md.Name, _ = d.str(m, "name", "", "/metadata", false)
	md.Description, _ = d.str(m, "description", "", "/metadata", false)
	md.Created, _ = d.str(m, "created", "", "/metadata", false)
	if a, ok := d.str(m, "author", "", "/metadata", false); ok {
		switch a {
		case "human", "agent", "system":
			md.Author = a
		default:
			d.errf("V000", "", "/metadata/author", "author %q is not one of \"human\", \"agent\", \"system\"", a)
		}
	}
	return md
}

// maxDecodeDepth stops runaway nesting before the validator's V007 (which
// reports nesting past MaxNesting) so hostile input cannot exhaust the stack.
const maxDecodeDepth = 32

func (d *decoder) statements(v any, parent, ptr string, depth int) []Statement {
	arr, ok := v.([]any)
	if !ok {
		d.errf("V000", parent, ptr, "a statement list must be an array, not %s", typeName(v))
		return nil
	}
	out := make([]Statement, 0, len(arr))
	for i, e := range arr {
		path := strconv.Itoa(i)
		if parent != "" {
			path = parent + "." + path
		}
		out = append(out, d.statement(e, path, ptr+"/"+strconv.Itoa(i), depth))
	}
	return out
}

func (d *decoder) statement(v any, path, ptr string, depth int) Statement {
	var s Statement
	m, ok := d.object(v, path, ptr, "a statement", "op", "operation", "label")
	if !ok {
		return s
	}
	if op, ok := d.str(m, "op", path, ptr, true); ok {
		switch op {
		case OpUnion, OpDiff, OpIntersect, OpOptional, OpAssert:
			s.Op = op
		default:
			d.errf("V000", path, ptr+"/op", "operator %q is not one of \"+\", \"-\", \"&\", \"?\", \"!\"", op)
		}
	}
	s.Label, _ = d.str(m, "label", path, ptr, false)
	ov, ok := m["operation"]
	if !ok {
		d.errf("V000", path, ptr, "missing required field \"operation\"")
		return s
	}
	optr := ptr + "/operation"
	om, ok := ov.(map[string]any)
	if !ok {
		d.errf("V000", path, optr, "the operation must be an object, not %s", typeName(ov))
		return s
	}
	t, ok := d.str(om, "type", path, optr, true)
	if !ok {
		return s
	}
	op := &s.Operation
	switch t {
	case TypeCypher:
		op.Type = t
		if _, ok := d.object(ov, path, optr, "a cypher operation", "type", "query", "limit"); !ok {
			return s
		}
		op.Query, _ = d.str(om, "query", path, optr, true)
		if lv, ok := om["limit"]; ok {
			f, ok := Number(lv)
			if !ok || f != math.Trunc(f) || f < 1 || f > 1e9 {
				d.errf("V000", path, optr+"/limit", "\"limit\" must be a positive integer, not %s", compact(lv))
			} else {
				n := int64(f)
				op.Limit = &n
			}
		}
	case TypeAPI:
		op.Type = t
		if _, ok := d.object(ov, path, optr, "an api operation", "type", "endpoint", "params"); !ok {
			return s
		}
		op.Endpoint, _ = d.str(om, "endpoint", path, optr, true)
		if pv, ok := om["params"]; ok && pv != nil {
			pm, ok := pv.(map[string]any)
			if !ok {
				d.errf("V000", path, optr+"/params", "\"params\" must be an object, not %s", typeName(pv))
			} else {
				op.Params = make(map[string]any, len(pm))
				for k, x := range pm {
					op.Params[k] = normalize(x)
				}
			}
		}
	case TypeConditional:
		op.Type = t
		if _, ok := d.object(ov, path, optr, "a conditional operation", "type", "condition", "then", "else"); !ok {
			return s
		}
		if depth >= maxDecodeDepth {
			d.errf("V007", path, optr, "conditionals nest more than %d deep", maxDecodeDepth)
			return s
		}
		if cv, ok := om["condition"]; !ok {
			d.errf("V000", path, optr, "missing required field \"condition\"")
		} else {
			op.Condition = d.condition(cv, path, optr+"/condition")
		}
		if tv, ok := om["then"]; !ok {
			d.errf("V000", path, optr, "missing required field \"then\"")
		} else if tv != nil {
			op.Then = d.statements(tv, path+".then", optr+"/then", depth+1)
		}
		if ev, ok := om["else"]; ok && ev != nil {
			op.Else = d.statements(ev, path+".else", optr+"/else", depth+1)
		}
	default:
		d.errf("V000", path, optr+"/type", "operation type %q is not one of \"cypher\", \"api\", \"conditional\"", t)
	}
	return s
}

func (d *decoder) condition(v any, path, ptr string) *Condition {
	m, ok := d.object(v, path, ptr, "a condition", "test", "value", "ontology", "type")
	if !ok {
		return nil
	}
	c := &Condition{}
	t, ok := d.str(m, "test", path, ptr, true)
	if !ok {
		return c
	}
	need, known := conditionTests[t]
	if !known {
		d.errf("V000", path, ptr+"/test", "condition test %q is not one of has_results, empty, count_gte, count_lte, has_ontology, has_relationship", t)
		return c
	}
	c.Test = t
	for _, f := range need {
		if _, ok := m[f]; !ok {
			d.errf("V000", path, ptr, "condition %q needs the field %q", t, f)
		}
	}
	if x, ok := m["value"]; ok {
		f, ok := Number(x)
		if !ok {
			d.errf("V000", path, ptr+"/value", "\"value\" must be a number, not %s", typeName(x))
		} else {
			c.Value = &f
		}
	}
	c.Ontology, _ = d.str(m, "ontology", path, ptr, false)
	c.Type, _ = d.str(m, "type", path, ptr, false)
	return c
}

// normalize converts json.Number to int64 or float64 throughout a value.
func normalize(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		f, _ := x.Float64()
		return f
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalize(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = normalize(e)
		}
		return out
	}
	return v
}

func compact(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if len(b) > 60 {
		return string(b[:57]) + "..."
	}
	return string(b)
}

// escape escapes a JSON pointer reference token (RFC 6901).
func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
