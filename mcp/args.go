package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// schemaProps returns the property names of a tool's input schema.
func schemaProps(schema string) map[string]bool {
	var sc struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal([]byte(schema), &sc); err != nil {
		panic("mcp: bad tool schema: " + err.Error())
	}
	out := map[string]bool{}
	for k := range sc.Properties {
		out[k] = true
	}
	return out
}

// unknownArg reports the first argument (in name order) the schema does not declare.
func unknownArg(allowed map[string]bool, args map[string]any) string {
	var bad []string
	for k := range args {
		if !allowed[k] {
			bad = append(bad, k)
		}
	}
	if len(bad) == 0 {
		return ""
	}
	sort.Strings(bad)
	return bad[0]
}

// strictArgs rejects arguments the tool's schema does not declare
// (additionalProperties: false), whether or not the client checked them.
func strictArgs(name, schema string, h server.ToolHandlerFunc) server.ToolHandlerFunc {
	allowed := schemaProps(schema)
	list := make([]string, 0, len(allowed))
	for k := range allowed {
		list = append(list, k)
	}
	sort.Strings(list)
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		if bad := unknownArg(allowed, req.GetArguments()); bad != "" {
			return argError("%s does not take %q; its arguments are: %s", name, bad, strings.Join(list, ", ")), nil
		}
		return h(ctx, req)
	}
}

// Errors of the KG tools: each says what to do next.

func kgArgErr(format string, args ...any) error {
	return cyqerr.Compile(cyqerr.ArgumentError, "InvalidArgument", format, args...)
}

func kgNotFound(format string, args ...any) error {
	return cyqerr.Compile(cyqerr.EntityNotFound, "NotFound", format, args...)
}

// withPrefix returns err with its message prefixed by what (e.g. "from"),
// keeping its code and hint.
func withPrefix(what string, err error) error {
	e := cyqerr.As(err)
	if e == nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	c := *e
	c.Message = what + ": " + e.Message
	return &c
}

// Argument decoding.

// kgArgs decodes the arguments of a KG tool call. Each getter returns an
// argument, or its default when the argument is absent or null, and keeps
// the first error: once a getter (or check, or fail) has failed, the later
// getters return zero values, so a handler decodes its arguments in order
// and then looks at err once, as if it had returned at the first error.
type kgArgs struct {
	m   map[string]any
	err error
}

func newArgs(m map[string]any) *kgArgs { return &kgArgs{m: m} }

// fail keeps err unless an earlier error is kept.
func (a *kgArgs) fail(err error) {
	if a.err == nil {
		a.err = err
	}
}

// check fails with an argument error when ok is false.
func (a *kgArgs) check(ok bool, format string, args ...any) {
	if !ok {
		a.fail(kgArgErr(format, args...))
	}
}

// get returns the argument key when it is present and not null and no
// error has been kept.
func (a *kgArgs) get(key string) (any, bool) {
	if a.err != nil {
		return nil, false
	}
	v, ok := a.m[key]
	return v, ok && v != nil
}

// graph is the graph argument, "" when absent (or not a string).
func (a *kgArgs) graph() string {
	g, _ := a.m["graph"].(string)
	return g
}

// str returns a string argument, trimmed.
func (a *kgArgs) str(key string) string {
	v, ok := a.get(key)
	if !ok {
		return ""
	}
	s, ok := v.(string)
	if !ok {
		a.fail(kgArgErr("%s must be a string", key))
		return ""
	}
	return strings.TrimSpace(s)
}

// choice returns a string argument that must be one of allowed; def when
// it is absent or empty.
func (a *kgArgs) choice(key, def string, allowed ...string) string {
	s := a.str(key)
	if s == "" {
		s = def
	}
	if a.err == nil && !slices.Contains(allowed, s) {
		quoted := make([]string, len(allowed))
		for i, x := range allowed {
			quoted[i] = strconv.Quote(x)
		}
		last := len(quoted) - 1
		a.fail(kgArgErr("%s must be %s or %s, got %q", key, strings.Join(quoted[:last], ", "), quoted[last], s))
	}
	return s
}

// strs returns a list of strings; a single string is a list of one.
func (a *kgArgs) strs(key string) []string {
	v, ok := a.get(key)
	if !ok {
		return nil
	}
	if s, ok := v.(string); ok {
		return []string{s}
	}
	l, ok := v.([]any)
	if !ok {
		a.fail(kgArgErr("%s must be a list of strings", key))
		return nil
	}
	out := make([]string, 0, len(l))
	for _, e := range l {
		s, ok := e.(string)
		if !ok {
			a.fail(kgArgErr("%s must be a list of strings, got an element %v", key, e))
			return nil
		}
		out = append(out, s)
	}
	return out
}

// int returns an integer argument in [lo, hi].
func (a *kgArgs) int(key string, def, lo, hi int) int {
	v, ok := a.get(key)
	if !ok {
		return def
	}
	var f float64
	switch x := v.(type) {
	case float64:
		f = x
	case int:
		f = float64(x)
	case int64:
		f = float64(x)
	default:
		a.fail(kgArgErr("%s must be an integer between %d and %d", key, lo, hi))
		return 0
	}
	if f != math.Trunc(f) || f < float64(lo) || f > float64(hi) {
		a.fail(kgArgErr("%s must be an integer between %d and %d, got %v", key, lo, hi, v))
		return 0
	}
	return int(f)
}

// float returns a number argument in [lo, hi].
func (a *kgArgs) float(key string, def, lo, hi float64) float64 {
	v, ok := a.get(key)
	if !ok {
		return def
	}
	f, ok := v.(float64)
	if !ok || math.IsNaN(f) || f < lo || f > hi {
		a.fail(kgArgErr("%s must be a number between %g and %g", key, lo, hi))
		return 0
	}
	return f
}

// bool returns a boolean argument, false when absent.
func (a *kgArgs) bool(key string) bool {
	v, ok := a.get(key)
	if !ok {
		return false
	}
	b, ok := v.(bool)
	if !ok {
		a.fail(kgArgErr("%s must be true or false", key))
	}
	return b
}

// entityType returns the canonical entity type of the type argument, ""
// when it is absent (a value that is not a string is written as text).
func (a *kgArgs) entityType(s *Server) string {
	v, ok := a.get("type")
	if !ok {
		return ""
	}
	t, err := s.canonicalType(fmt.Sprint(v))
	a.fail(err)
	return t
}

// entityRef returns the id or, without it, the name argument: a
// reference to an entity.
func (a *kgArgs) entityRef() string {
	id := a.str("id")
	name := a.str("name")
	if id != "" {
		return id
	}
	a.check(name != "", "name (or id) is required: %s", refDesc)
	return name
}

// entity resolves the entity the id or name argument names.
func (a *kgArgs) entity(ctx context.Context, q kgQuerier) (value.Node, error) {
	ref := a.entityRef()
	if a.err != nil {
		return value.Node{}, a.err
	}
	return resolve(ctx, q, ref)
}

// direction returns the direction argument (default both).
func (a *kgArgs) direction() storage.Direction {
	d := a.str("direction")
	switch strings.ToLower(d) {
	case "", "both", "any":
		return storage.Both
	case "out", "outgoing":
		return storage.Out
	case "in", "incoming":
		return storage.In
	}
	a.fail(kgArgErr("direction must be \"out\", \"in\" or \"both\", got %q", d))
	return 0
}

// props returns a properties argument: values must be strings, numbers,
// booleans, null (to remove, on update) or lists of one of those.
// Integral numbers become integers.
func (a *kgArgs) props(key string) map[string]any {
	v, ok := a.get(key)
	if !ok {
		return map[string]any{}
	}
	m, ok := v.(map[string]any)
	if !ok {
		a.fail(kgArgErr("%s must be an object of property values", key))
		return nil
	}
	out := make(map[string]any, len(m))
	for k, x := range m {
		switch k {
		case "name", "description", "created", "updated":
			a.fail(kgArgErr("%s.%s is managed by the tool; use the %s argument or leave it out", key, k, k))
			return nil
		}
		c, err := kgScalar(x, true)
		if err != nil {
			a.fail(kgArgErr("%s.%s %v", key, k, err))
			return nil
		}
		out[k] = c
	}
	return out
}

func kgScalar(x any, list bool) (any, error) {
	switch y := x.(type) {
	case nil, string, bool:
		return y, nil
	case float64:
		if y == math.Trunc(y) && math.Abs(y) < 1<<53 {
			return int64(y), nil
		}
		return y, nil
	case []any:
		if !list {
			break
		}
		out := make([]any, len(y))
		for i, e := range y {
			c, err := kgScalar(e, false)
			if err != nil || c == nil {
				return nil, fmt.Errorf("must be a string, number, boolean or a list of them")
			}
			out[i] = c
		}
		return out, nil
	}
	return nil, fmt.Errorf("must be a string, number, boolean or a list of them")
}
