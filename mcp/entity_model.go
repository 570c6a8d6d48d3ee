package mcp

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/cyqdb/cyq/value"
)

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
