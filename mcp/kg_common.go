package mcp

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/cyqdb/cyq/program"

	"github.com/mark3labs/mcp-go/server"

	"github.com/cyqdb/cyq"
	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/storage"
	"github.com/cyqdb/cyq/value"
)

// This file holds what the knowledge-graph tools share: the graph a call
// targets (its graph argument, else the session's default graph, else the
// server's), the entity model's names, argument decoding (kgArgs), reference
// resolution (element id or entity name) and node hydration from storage.

// The entity model. An entity is a node labelled EntityLabel and its
// canonical type, keyed by a name unique per graph (compared
// case-insensitively); an observation is an ObservationLabel node linked
// (entity)-[:HAS_OBSERVATION]->(observation).
const (
	EntityLabel      = "Entity"
	ObservationLabel = "Observation"
	ObservationType  = "HAS_OBSERVATION"

	// The search indexes the write tools keep on every graph they write.
	kgTextIndex   = "kg_text"
	kgEntityVec   = "kg_entity_vec"
	kgObsVec      = "kg_observation_vec"
	kgMaxBatchOps = 50

	// DefaultDuplicateDistance is the cosine distance between entity names
	// below which entities create reports an existing entity instead of
	// creating a near-duplicate.
	DefaultDuplicateDistance = 0.25
	// DefaultMergeDistance is suggest_merges' default threshold.
	DefaultMergeDistance = 0.3
)

// DefaultEntityTypes is the built-in canonicalisation table of entity
// types: keys are aliases (compared lower-case, ignoring spaces, '-' and
// '_'), values canonical types. Config.EntityTypes adds to it or overrides it.
var DefaultEntityTypes = map[string]string{
	"person": "Person", "people": "Person", "human": "Person", "individual": "Person",
	"org": "Organization", "organisation": "Organization", "organization": "Organization",
	"company": "Organization", "corporation": "Organization", "business": "Organization", "institution": "Organization",
	"repo": "Project", "repository": "Project", "codebase": "Project", "project": "Project",
	"place": "Location", "location": "Location", "loc": "Location",
	"doc": "Document", "docs": "Document", "document": "Document",
	"concept": "Concept", "idea": "Concept",
	"tech": "Technology", "technology": "Technology",
}

// kgState is the knowledge-graph tools' mutable state.
type kgState struct {
	mu       sync.Mutex
	sessions map[string]string // session id → default graph
	indexed  map[string]bool   // graphs whose KG search indexes exist
	types    map[string]string // alias key → canonical entity type
}

func newKGState(cfg Config) *kgState {
	st := &kgState{sessions: map[string]string{}, indexed: map[string]bool{}, types: map[string]string{}}
	for k, v := range DefaultEntityTypes {
		st.types[typeKey(k)] = v
	}
	for k, v := range cfg.EntityTypes {
		st.types[typeKey(k)] = v
	}
	return st
}

// forget drops a closed session's default graph.
func (st *kgState) forget(session string) {
	st.mu.Lock()
	delete(st.sessions, session)
	st.mu.Unlock()
}

func sessionID(ctx context.Context) string {
	if cs := server.ClientSessionFromContext(ctx); cs != nil {
		return cs.SessionID()
	}
	return ""
}

func (s *Server) sessionGraph(ctx context.Context) string {
	s.kg.mu.Lock()
	defer s.kg.mu.Unlock()
	return s.kg.sessions[sessionID(ctx)]
}

func (s *Server) setSessionGraph(ctx context.Context, g string) {
	s.kg.mu.Lock()
	defer s.kg.mu.Unlock()
	if g == "" {
		delete(s.kg.sessions, sessionID(ctx))
		return
	}
	s.kg.sessions[sessionID(ctx)] = g
}

// kgQuerier runs a statement: a *cyq.DB or, for the write tools, a *cyq.Tx.
type kgQuerier interface {
	Query(ctx context.Context, query string, params map[string]any) (*cyq.Rows, error)
}

var (
	_ kgQuerier = (*cyq.DB)(nil)
	_ kgQuerier = (*cyq.Tx)(nil)
)

func kgAll(ctx context.Context, q kgQuerier, query string, params map[string]any) ([][]value.Value, error) {
	rows, err := q.Query(ctx, query, params)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return rows.All()
}

// kgTarget is the graph a tool call works on.
type kgTarget struct {
	name string
	db   *cyq.DB
}

// target resolves the graph of a call, named by its graph argument. Write
// tools create a missing graph and make sure the KG search indexes exist
// on it.
func (s *Server) target(ctx context.Context, name string, write bool) (*kgTarget, error) {
	if name == "" {
		name = s.sessionGraph(ctx)
	}
	if name == "" {
		name = s.db.GraphName()
	}
	if name == program.StoreGraph {
		return nil, kgArgErr("graph %s holds the program store; use the program tool, or pick another graph", name)
	}
	db, err := s.db.OnGraph(name)
	if err != nil && write {
		if _, cerr := s.db.Store().CreateGraph(name); cerr != nil && !errors.Is(cerr, storage.ErrExists) {
			return nil, cerr
		}
		db, err = s.db.OnGraph(name)
	}
	if err != nil {
		return nil, kgNotFound("graph %q does not exist (graphs: %s); omit graph to use %q, or call use_graph to see and pick graphs",
			name, strings.Join(s.graphs(), ", "), s.db.GraphName())
	}
	t := &kgTarget{name: name, db: db}
	if write {
		if err := s.ensureIndexes(ctx, t); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// graphs lists the store's graphs but the program store.
func (s *Server) graphs() []string {
	out := []string{}
	for _, g := range s.db.Store().Graphs() {
		if g != program.StoreGraph {
			out = append(out, g)
		}
	}
	return out
}

// ensureIndexes creates the FULLTEXT index over entity names, descriptions
// and observation texts and the VECTOR indexes (built-in embedder) over
// entity names and observation texts, once per graph.
func (s *Server) ensureIndexes(ctx context.Context, t *kgTarget) error {
	s.kg.mu.Lock()
	done := s.kg.indexed[t.name]
	s.kg.mu.Unlock()
	if done {
		return nil
	}
	for _, q := range []string{
		"CREATE FULLTEXT INDEX " + kgTextIndex + " IF NOT EXISTS FOR (n:" + EntityLabel + "|" + ObservationLabel + ") ON EACH [n.name, n.description, n.text]",
		"CREATE VECTOR INDEX " + kgEntityVec + " IF NOT EXISTS FOR (n:" + EntityLabel + ") ON (n.name_embedding) OPTIONS {indexConfig: {`cyq.embedder`: 'default', `cyq.source`: 'name'}}",
		"CREATE VECTOR INDEX " + kgObsVec + " IF NOT EXISTS FOR (n:" + ObservationLabel + ") ON (n.text_embedding) OPTIONS {indexConfig: {`cyq.embedder`: 'default', `cyq.source`: 'text'}}",
		"CREATE INDEX IF NOT EXISTS FOR (n:" + EntityLabel + ") ON (n.name)",
	} {
		if _, err := kgAll(ctx, t.db, q, nil); err != nil {
			return err
		}
	}
	s.kg.mu.Lock()
	s.kg.indexed[t.name] = true
	s.kg.mu.Unlock()
	return nil
}

// readTarget returns the graph a read-only call works on, or the first
// error of its decoded arguments.
func (s *Server) readTarget(ctx context.Context, a *kgArgs) (*kgTarget, error) {
	if a.err != nil {
		return nil, a.err
	}
	return s.target(ctx, a.graph(), false)
}

// readSnapshot is readTarget with a storage snapshot of the graph, which
// the caller closes.
func (s *Server) readSnapshot(ctx context.Context, a *kgArgs) (*kgTarget, *storage.Snapshot, error) {
	t, err := s.readTarget(ctx, a)
	if err != nil {
		return nil, nil, err
	}
	snap, err := s.snapshot(t)
	if err != nil {
		return nil, nil, err
	}
	return t, snap, nil
}

// snapshot returns a storage snapshot of the target graph.
func (s *Server) snapshot(t *kgTarget) (*storage.Snapshot, error) {
	g, err := s.db.Store().Graph(t.name)
	if err != nil {
		return nil, kgNotFound("graph %q does not exist", t.name)
	}
	return g.Snapshot(), nil
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

// Names.

var identRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

// typeKey is the lookup key of an entity type alias.
func typeKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// words splits a name into words at spaces, punctuation and lower→upper
// case changes ("worksAt" → works, At).
func words(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = nil
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if unicode.IsUpper(r) && i > 0 && unicode.IsLower(rs[i-1]) {
			flush()
		}
		cur = append(cur, r)
	}
	flush()
	return out
}

// canonicalType maps an entity type through the canonicalisation table,
// else writes it in PascalCase ("software tool" → "SoftwareTool").
func (s *Server) canonicalType(t string) (string, error) {
	t = strings.TrimSpace(t)
	if t == "" {
		return "", kgArgErr("type is required: the entity's type, e.g. \"Person\", \"Project\", \"Concept\"")
	}
	if c, ok := s.kg.types[typeKey(t)]; ok {
		t = c
	} else {
		var b strings.Builder
		for _, w := range words(t) {
			r := []rune(w)
			b.WriteString(strings.ToUpper(string(r[0])) + string(r[1:]))
		}
		t = b.String()
	}
	if !identRE.MatchString(t) {
		return "", kgArgErr("entity type %q must start with a letter and hold letters, digits or spaces", t)
	}
	if t == ObservationLabel {
		return "", kgArgErr("the type %s is reserved; add observations with the observations tool", t)
	}
	return t, nil
}

// canonicalRelType writes a relationship type in UPPER_SNAKE_CASE ("works
// at", "worksAt" → WORKS_AT).
func canonicalRelType(t string) (string, error) {
	ws := words(strings.TrimSpace(t))
	if len(ws) == 0 {
		return "", kgArgErr("type is required: the relationship type, e.g. \"WORKS_ON\"")
	}
	for i := range ws {
		ws[i] = strings.ToUpper(ws[i])
	}
	rt := strings.Join(ws, "_")
	if !identRE.MatchString(rt) {
		return "", kgArgErr("relationship type %q must start with a letter", rt)
	}
	return rt, nil
}

// quote backquotes a label or type name for Cypher text.
func quote(name string) string { return "`" + strings.ReplaceAll(name, "`", "``") + "`" }

// Element ids and references.

func parseNodeID(ref string) (uint32, bool) {
	s, ok := strings.CutPrefix(ref, "n:")
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseUint(s, 10, 32)
	return uint32(n), err == nil
}

// resolve finds the node a reference names: a node element id ('n:42') or
// an entity name (case-insensitive), else any node whose name or title
// property is exactly ref.
func resolve(ctx context.Context, q kgQuerier, ref string) (value.Node, error) {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return value.Node{}, kgArgErr("a node reference is required: an entity name or a node element id like 'n:42'")
	}
	if id, ok := parseNodeID(ref); ok {
		rows, err := kgAll(ctx, q, `MATCH (n) WHERE id(n) IN [$id] RETURN n`, map[string]any{"id": int64(id)})
		if err != nil {
			return value.Node{}, err
		}
		if len(rows) == 0 {
			return value.Node{}, kgNotFound("there is no node %s; find ids with search or entities {action: 'list'}", ref)
		}
		return rows[0][0].(value.Node), nil
	}
	n, ok, err := findEntity(ctx, q, ref)
	if err != nil || ok {
		return n, err
	}
	rows, err := kgAll(ctx, q, `MATCH (n) WHERE n.name = $name OR n.title = $name RETURN n LIMIT 1`, map[string]any{"name": ref})
	if err != nil {
		return value.Node{}, err
	}
	if len(rows) == 0 {
		return value.Node{}, kgNotFound("entity %q not found; use entities {action: 'list'} or search {query: %q} to find it, or give a node element id like 'n:42'", ref, ref)
	}
	return rows[0][0].(value.Node), nil
}

// resolveAs resolves a reference, naming the argument it came from (e.g.
// "from") in the error.
func resolveAs(ctx context.Context, q kgQuerier, what, ref string) (value.Node, error) {
	n, err := resolve(ctx, q, ref)
	if err != nil {
		return value.Node{}, withPrefix(what, err)
	}
	return n, nil
}

// resolveEnds resolves the from and to references of a call.
func resolveEnds(ctx context.Context, q kgQuerier, fromRef, toRef string) (from, to value.Node, err error) {
	if from, err = resolveAs(ctx, q, "from", fromRef); err != nil {
		return from, to, err
	}
	to, err = resolveAs(ctx, q, "to", toRef)
	return from, to, err
}

// findEntity finds the entity with name (case-insensitive).
func findEntity(ctx context.Context, q kgQuerier, name string) (value.Node, bool, error) {
	rows, err := kgAll(ctx, q, `MATCH (n:`+EntityLabel+` {name: $name}) RETURN n LIMIT 1`, map[string]any{"name": name})
	if err != nil {
		return value.Node{}, false, err
	}
	if len(rows) == 0 {
		rows, err = kgAll(ctx, q, `MATCH (n:`+EntityLabel+`) WHERE toLower(n.name) = toLower($name) RETURN n LIMIT 1`, map[string]any{"name": name})
		if err != nil {
			return value.Node{}, false, err
		}
	}
	if len(rows) == 0 {
		return value.Node{}, false, nil
	}
	return rows[0][0].(value.Node), true, nil
}

// Hydration from storage.

func snapNode(r storage.Reader, id uint32) value.Node {
	ls := r.NodeLabels(id)
	labels := make([]string, len(ls))
	for i, l := range ls {
		labels[i] = r.LabelName(l)
	}
	props := value.Map{}
	r.ForEachNodeProp(id, func(k uint32, v value.Value) bool {
		props[r.PropKeyName(k)] = v
		return true
	})
	return value.Node{ID: id, Labels: labels, Props: props}
}

func snapRel(r storage.Reader, id uint64) (value.Rel, bool) {
	start, end, typ, ok := r.Rel(id)
	if !ok {
		return value.Rel{}, false
	}
	props := value.Map{}
	r.ForEachRelProp(id, func(k uint32, v value.Value) bool {
		props[r.PropKeyName(k)] = v
		return true
	})
	return value.Rel{ID: id, Type: r.TypeName(typ), Start: start, End: end, Props: props}, true
}

// displayName is a short human name of a node: its name, title or text
// property, else its first label and id.
func displayName(n value.Node) string {
	for _, k := range []string{"name", "title", "text", "concept_id", "id"} {
		if v, ok := n.Props[k]; ok && !value.IsNull(v) {
			s := fmt.Sprint(value.ToGo(v))
			if r := []rune(s); len(r) > 60 {
				s = string(r[:57]) + "..."
			}
			return s
		}
	}
	if len(n.Labels) > 0 {
		return fmt.Sprintf("%s n:%d", n.Labels[0], n.ID)
	}
	return fmt.Sprintf("n:%d", n.ID)
}

// entityType is the type label of an entity node.
func entityType(n value.Node) string {
	for _, l := range n.Labels {
		if l != EntityLabel {
			return l
		}
	}
	if len(n.Labels) > 0 {
		return n.Labels[0]
	}
	return ""
}

// entityJSON is the compact form of an entity: id, name, type,
// description and its other properties.
func entityJSON(n value.Node) map[string]any {
	out := map[string]any{"id": fmt.Sprintf("n:%d", n.ID), "name": value.ToGo(n.Props["name"]), "type": entityType(n)}
	if d, ok := n.Props["description"]; ok && !value.IsNull(d) {
		out["description"] = value.ToGo(d)
	}
	rest := value.Map{}
	for k, v := range n.Props {
		if k != "name" && k != "description" {
			rest[k] = v
		}
	}
	out["properties"] = propsJSON(rest)
	return out
}

// typeIDs maps relationship type names to ids; names that do not occur in
// the graph are left out. With no names it returns every type but
// HAS_OBSERVATION (any is true when that is every type).
func typeIDs(r storage.Reader, names []string) (ids []uint32, any bool) {
	if len(names) > 0 {
		for _, n := range names {
			if id, ok := r.TypeID(n); ok {
				ids = append(ids, id)
			} else if rt, err := canonicalRelType(n); err == nil {
				if id, ok := r.TypeID(rt); ok {
					ids = append(ids, id)
				}
			}
		}
		sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
		return ids, false
	}
	obs, ok := r.TypeID(ObservationType)
	if !ok {
		return nil, true
	}
	for i, n := range r.Types() {
		if uint32(i) != obs && n != "" {
			if id, ok := r.TypeID(n); ok {
				ids = append(ids, id)
			}
		}
	}
	return ids, false
}
