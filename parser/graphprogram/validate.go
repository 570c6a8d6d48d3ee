package graphprogram

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Severities.
const (
	SeverityError   = "error"
	SeverityWarning = "warning"
)

// Issue is one validation finding. Field is a JSON pointer into the program;
// Statement is the statement's path in the program ("2", "2.then.0"), empty
// for program-level issues.
type Issue struct {
	RuleID    string `json:"rule_id"`
	Severity  string `json:"severity"`
	Statement string `json:"statement"`
	Field     string `json:"field"`
	Message   string `json:"message"`
}

func (i Issue) String() string {
	loc := i.Field
	if loc == "" {
		loc = "/"
	}
	return fmt.Sprintf("%s %s at %s: %s", i.RuleID, i.Severity, loc, i.Message)
}

func errIssue(rule, stmt, ptr, format string, args ...any) Issue {
	return Issue{RuleID: rule, Severity: SeverityError, Statement: stmt, Field: ptr, Message: fmt.Sprintf(format, args...)}
}

func warnIssue(rule, stmt, ptr, format string, args ...any) Issue {
	return Issue{RuleID: rule, Severity: SeverityWarning, Statement: stmt, Field: ptr, Message: fmt.Sprintf(format, args...)}
}

// Report is the outcome of validation.
type Report struct {
	Valid    bool    `json:"valid"`
	Errors   []Issue `json:"errors"`
	Warnings []Issue `json:"warnings"`
}

// Rules lists every rule ID with a one-line description (the fuzz target
// and the syntax reference use it).
var Rules = map[string]string{
	"V000": "malformed JSON or a schema violation",
	"V001": "missing or unsupported version (must be 1)",
	"V002": "no statements",
	"V004": "duplicate parameter declaration",
	"V005": "a conditional with an empty then branch",
	"V006": "more than 100 operations (a conditional counts 1 plus its longer branch)",
	"V007": "conditionals nested deeper than 3",
	"V010": "a Cypher operation that does not parse or does not compile",
	"V011": "a Cypher operation that writes (CREATE, MERGE, SET, DELETE, REMOVE, FOREACH with updates)",
	"V012": "a Cypher operation with LOAD CSV (reads outside the graph)",
	"V013": "a Cypher operation calling a procedure that is not read-only",
	"V014": "a Cypher operation whose CALL { } subquery writes",
	"V015": "a schema command (CREATE/DROP INDEX or CONSTRAINT)",
	"V016": "an EXPLAIN or PROFILE prefix, or several statements in one operation",
	"V020": "unknown API endpoint",
	"V021": "missing required endpoint parameter",
	"V022": "unknown endpoint parameter, or a reference to an undeclared program parameter (warning)",
	"V023": "endpoint or program parameter of the wrong type or out of range",
	"V030": "a variable-length pattern that is unbounded or longer than 6",
}

// CypherChecker checks one Cypher operation's query and returns its issues.
// stmt and ptr locate the query in the program (ptr points at the query
// field).
type CypherChecker func(query, stmt, ptr string) []Issue

// Options configure Validate.
type Options struct {
	// CheckCypher checks Cypher operations; nil uses CheckCypherSyntax,
	// which parses only (V010 syntax, V012, V015, V016, V030, and writes
	// visible in the syntax tree). The engine supplies a checker that also
	// plans the query and decides read-only from the plan.
	CheckCypher CypherChecker
}

// Check decodes and validates a program's JSON text.
func Check(data []byte, opts Options) (*Program, Report) {
	p, issues := Decode(data)
	return p, finish(p, issues, opts)
}

// CheckValue decodes and validates a program given as a decoded JSON value.
func CheckValue(v any, opts Options) (*Program, Report) {
	p, issues := FromValue(v)
	return p, finish(p, issues, opts)
}

func finish(p *Program, issues []Issue, opts Options) Report {
	if p != nil {
		issues = append(issues, validate(p, opts)...)
	}
	return makeReport(issues)
}

// Validate checks a decoded program (the rules past the schema).
func Validate(p *Program, opts Options) Report {
	return makeReport(validate(p, opts))
}

func makeReport(issues []Issue) Report {
	r := Report{Errors: []Issue{}, Warnings: []Issue{}}
	for _, i := range issues {
		if i.Severity == SeverityWarning {
			r.Warnings = append(r.Warnings, i)
		} else {
			r.Errors = append(r.Errors, i)
		}
	}
	sort.SliceStable(r.Errors, func(a, b int) bool { return r.Errors[a].Field < r.Errors[b].Field })
	r.Valid = len(r.Errors) == 0
	return r
}

type validator struct {
	opts   Options
	params map[string]string
	issues []Issue
}

func validate(p *Program, opts Options) []Issue {
	if opts.CheckCypher == nil {
		opts.CheckCypher = CheckCypherSyntax
	}
	v := &validator{opts: opts, params: map[string]string{}}
	for i, par := range p.Params {
		ptr := "/params/" + strconv.Itoa(i)
		if par.Name == "" {
			continue
		}
		if _, dup := v.params[par.Name]; dup {
			v.issues = append(v.issues, errIssue("V004", "", ptr+"/name", "parameter %q is declared more than once", par.Name))
			continue
		}
		if par.Name == "W_IDS" {
			v.issues = append(v.issues, errIssue("V004", "", ptr+"/name", "parameter name W_IDS is reserved for the working graph's node keys"))
		}
		v.params[par.Name] = par.Type
		if par.Default != nil && par.Type != "" && !typeMatches(par.Type, par.Default) {
			v.issues = append(v.issues, errIssue("V023", "", ptr+"/default", "default %s is not a %s", compact(par.Default), par.Type))
		}
	}
	if len(p.Statements) == 0 {
		v.issues = append(v.issues, errIssue("V002", "", "/statements", "the program has no statements"))
		return v.issues
	}
	if n := countOps(p.Statements); n > MaxOperations {
		v.issues = append(v.issues, errIssue("V006", "", "/statements", "the program has %d operations; at most %d are allowed (a conditional counts 1 plus its longer branch)", n, MaxOperations))
	}
	v.statements(p.Statements, "", "/statements", 0)
	return v.issues
}

// CountOperations returns the number of operations as V006 counts them.
func CountOperations(p *Program) int { return countOps(p.Statements) }

func countOps(ss []Statement) int {
	n := 0
	for _, s := range ss {
		if s.Operation.Type == TypeConditional {
			n += 1 + max(countOps(s.Operation.Then), countOps(s.Operation.Else))
		} else {
			n++
		}
	}
	return n
}

func (v *validator) statements(ss []Statement, parent, ptr string, nesting int) {
	for i, s := range ss {
		path := strconv.Itoa(i)
		if parent != "" {
			path = parent + "." + path
		}
		v.statement(s, path, ptr+"/"+strconv.Itoa(i), nesting)
	}
}

func (v *validator) statement(s Statement, path, ptr string, nesting int) {
	optr := ptr + "/operation"
	op := s.Operation
	switch op.Type {
	case TypeCypher:
		if strings.TrimSpace(op.Query) == "" {
			v.issues = append(v.issues, errIssue("V010", path, optr+"/query", "the query is empty"))
			return
		}
		v.issues = append(v.issues, v.opts.CheckCypher(op.Query, path, optr+"/query")...)
		for _, name := range cypherParams(op.Query) {
			if _, declared := v.params[name]; !declared && name != "W_IDS" {
				v.issues = append(v.issues, warnIssue("V022", path, optr+"/query", "$%s is not a declared program parameter; pass it when the program runs, or it is null", name))
			}
		}
	case TypeAPI:
		v.api(op, path, optr)
	case TypeConditional:
		if nesting+1 > MaxNesting {
			v.issues = append(v.issues, errIssue("V007", path, optr, "conditionals nest %d deep here; at most %d levels are allowed", nesting+1, MaxNesting))
			return
		}
		if len(op.Then) == 0 {
			v.issues = append(v.issues, errIssue("V005", path, optr+"/then", "the then branch is empty"))
		}
		if c := op.Condition; c != nil && (c.Test == "count_gte" || c.Test == "count_lte") && c.Value != nil && *c.Value < 0 {
			v.issues = append(v.issues, errIssue("V000", path, optr+"/condition/value", "a count cannot be negative"))
		}
		v.statements(op.Then, path+".then", optr+"/then", nesting+1)
		v.statements(op.Else, path+".else", optr+"/else", nesting+1)
	}
}

// ParamKind is an endpoint parameter's type.
type ParamKind uint8

// Endpoint parameter kinds.
const (
	KindString ParamKind = iota
	KindNumber
	KindInt
	KindStringList
)

func (k ParamKind) String() string {
	return [...]string{"string", "number", "integer", "list of strings"}[k]
}

// EndpointParam describes one endpoint parameter.
type EndpointParam struct {
	Name     string
	Kind     ParamKind
	Required bool
	Min, Max float64 // for numbers; Max 0 means none
	Doc      string
}

// Endpoint describes a built-in API endpoint.
type Endpoint struct {
	Path   string
	Params []EndpointParam
	Doc    string
}

// Endpoints lists the built-in endpoints.
var Endpoints = []Endpoint{
	{Path: "/search/concepts", Doc: "hybrid search over concepts: BM25 from the concept label's FULLTEXT index fused (reciprocal rank fusion) with its VECTOR index's similarity; min_similarity is a cosine floor for the vector side", Params: searchParams()},
	{Path: "/search/sources", Doc: "hybrid search over sources (the Source label by default), as /search/concepts", Params: searchParams()},
	{Path: "/concepts/details", Doc: "the concept and its outgoing relationships with their targets", Params: []EndpointParam{
		{Name: "concept_id", Kind: KindString, Required: true, Doc: "the concept's key (or elementId)"},
	}},
	{Path: "/concepts/related", Doc: "the concept's neighbourhood up to max_depth hops (either direction) and every relationship among it", Params: []EndpointParam{
		{Name: "concept_id", Kind: KindString, Required: true, Doc: "the concept's key (or elementId)"},
		{Name: "max_depth", Kind: KindInt, Min: 1, Max: MaxRelatedDepth, Doc: "hops, default 2, at most 6"},
		{Name: "relationship_types", Kind: KindStringList, Doc: "only follow these relationship types"},
	}},
	{Path: "/concepts/batch", Doc: "the concepts with the given keys", Params: []EndpointParam{
		{Name: "concept_ids", Kind: KindStringList, Required: true, Doc: "the concepts' keys (or elementIds)"},
	}},
	{Path: "/vocabulary/status", Doc: "one node vocab:<TYPE> per relationship type with its count and status (active: in use; unused: known but with no relationships)", Params: []EndpointParam{
		{Name: "relationship_type", Kind: KindString, Doc: "only this type"},
		{Name: "status_filter", Kind: KindString, Doc: "active or unused"},
	}},
}

func searchParams() []EndpointParam {
	return []EndpointParam{
		{Name: "query", Kind: KindString, Required: true, Doc: "search text"},
		{Name: "min_similarity", Kind: KindNumber, Min: 0, Max: 1, Doc: "default 0.7"},
		{Name: "limit", Kind: KindInt, Min: 1, Max: 1000, Doc: "results"},
		{Name: "offset", Kind: KindInt, Min: 0, Doc: "results to skip"},
		{Name: "ontology", Kind: KindString, Doc: "only this ontology"},
	}
}

// LookupEndpoint returns the endpoint with the given path.
func LookupEndpoint(path string) (*Endpoint, bool) {
	for i := range Endpoints {
		if Endpoints[i].Path == path {
			return &Endpoints[i], true
		}
	}
	return nil, false
}

// ParamRef returns the program parameter name a "$name" string refers to.
func ParamRef(v any) (string, bool) {
	s, ok := v.(string)
	if !ok || len(s) < 2 || s[0] != '$' {
		return "", false
	}
	name := s[1:]
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return "", false
		}
	}
	return name, true
}

func (v *validator) api(op Operation, path, optr string) {
	ep, ok := LookupEndpoint(op.Endpoint)
	if !ok {
		names := make([]string, len(Endpoints))
		for i, e := range Endpoints {
			names[i] = e.Path
		}
		v.issues = append(v.issues, errIssue("V020", path, optr+"/endpoint", "unknown endpoint %q; known endpoints: %s", op.Endpoint, strings.Join(names, ", ")))
		return
	}
	for _, p := range ep.Params {
		if _, ok := op.Params[p.Name]; !ok && p.Required {
			v.issues = append(v.issues, errIssue("V021", path, optr+"/params", "endpoint %s needs the parameter %q (%s)", ep.Path, p.Name, p.Kind))
		}
	}
	keys := make([]string, 0, len(op.Params))
	for k := range op.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		x := op.Params[k]
		ptr := optr + "/params/" + escape(k)
		var spec *EndpointParam
		for i := range ep.Params {
			if ep.Params[i].Name == k {
				spec = &ep.Params[i]
			}
		}
		if spec == nil {
			v.issues = append(v.issues, warnIssue("V022", path, ptr, "endpoint %s has no parameter %q; it is ignored", ep.Path, k))
			continue
		}
		if name, ok := ParamRef(x); ok {
			t, declared := v.params[name]
			if !declared {
				v.issues = append(v.issues, warnIssue("V022", path, ptr, "$%s is not a declared program parameter; it must be passed when the program runs", name))
				continue
			}
			want := "string"
			if spec.Kind == KindNumber || spec.Kind == KindInt {
				want = "number"
			}
			if spec.Kind == KindStringList {
				want = "list"
			}
			if t != want {
				v.issues = append(v.issues, errIssue("V023", path, ptr, "%q expects a %s but $%s is declared as a %s", k, spec.Kind, name, t))
			}
			continue
		}
		if msg := CheckEndpointValue(*spec, x); msg != "" {
			v.issues = append(v.issues, errIssue("V023", path, ptr, "%s", msg))
		}
	}
}

// CheckEndpointValue returns a message when x does not suit the parameter.
func CheckEndpointValue(spec EndpointParam, x any) string {
	switch spec.Kind {
	case KindString:
		if _, ok := x.(string); !ok {
			return fmt.Sprintf("%q must be a string, not %s", spec.Name, typeName(x))
		}
	case KindNumber, KindInt:
		f, ok := Number(x)
		if !ok {
			return fmt.Sprintf("%q must be a number, not %s", spec.Name, typeName(x))
		}
		if spec.Kind == KindInt && f != float64(int64(f)) {
			return fmt.Sprintf("%q must be an integer, not %s", spec.Name, compact(x))
		}
		if f < spec.Min || spec.Max > 0 && f > spec.Max {
			if spec.Max > 0 {
				return fmt.Sprintf("%q must be between %g and %g, not %s", spec.Name, spec.Min, spec.Max, compact(x))
			}
			return fmt.Sprintf("%q must be at least %g, not %s", spec.Name, spec.Min, compact(x))
		}
	case KindStringList:
		l, ok := x.([]any)
		if !ok {
			if _, ok := x.([]string); ok {
				return ""
			}
			return fmt.Sprintf("%q must be a list of strings, not %s", spec.Name, typeName(x))
		}
		for i, e := range l {
			if _, ok := e.(string); !ok {
				return fmt.Sprintf("%q must be a list of strings; element %d is %s", spec.Name, i, typeName(e))
			}
		}
	}
	return ""
}

func typeMatches(t string, x any) bool {
	switch t {
	case "string":
		_, ok := x.(string)
		return ok
	case "number":
		_, ok := Number(x)
		return ok
	}
	return true
}

// CheckParamValue checks a runtime value for a declared parameter type; it
// returns "" when it fits.
func CheckParamValue(p Param, x any) string {
	if p.Type == "" || typeMatches(p.Type, x) {
		return ""
	}
	return fmt.Sprintf("parameter %q is declared as a %s, but the value given is %s", p.Name, p.Type, typeName(x))
}
