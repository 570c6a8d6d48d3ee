package metamorphic

import (
	"math/rand"
	"regexp"
	"strings"
)

// Form is one way of writing a question: its Cypher text and the rules
// that led to it from the seed form (empty for the seed).
type Form struct {
	Text  string
	Rules []string
	Query *Query
	// Program marks a GraphProgram form (Text is its JSON; see
	// ProgramForms).
	Program bool
	// Params marks a form whose placeholders are query parameters (see
	// ParamForms, BindForm).
	Params bool
}

// Generate returns the seed form of q and forms equivalent to it, at most
// max of them (max <= 0: only the seed and its neighbours), each text once:
// first the seed, then every form one rule away (in turns: the first
// result of each rule, then the second, ...), then forms from random
// walks of 2 to 6 rules from the seed (each step a rule picked uniformly
// among those that apply, then one of its results). The walks are seeded
// with seed, so a run is reproducible.
//
// A written question (Query.Written) has its forms listed: Generate
// returns them all, in order, with the rule "written".
func Generate(q *Query, max int, seed int64) []Form {
	if len(q.Written) > 0 {
		out := make([]Form, len(q.Written))
		for i, text := range q.Written {
			// A written form may be a GraphProgram's JSON (see ProgramForms).
			out[i] = Form{Text: text, Query: q, Program: strings.HasPrefix(text, "{")}
			if i > 0 {
				out[i].Rules = []string{"written"}
			}
		}
		return out
	}
	rules := Rules()
	seen := map[string]bool{}
	first := Form{Text: q.String(), Query: q}
	seen[first.Text] = true
	out := []Form{first}
	add := func(f Form) bool {
		if seen[f.Text] {
			return false
		}
		seen[f.Text] = true
		out = append(out, f)
		return true
	}
	full := func() bool { return max > 0 && len(out) >= max }
	// The neighbours in turns, one result of each rule per turn, so that
	// a rule with many results does not crowd out the others under max.
	results := make([][]*Query, len(rules))
	for i, r := range rules {
		results[i] = r.Apply(q)
	}
	for turn, more := 0, true; more; turn++ {
		more = false
		for i, r := range rules {
			if turn >= len(results[i]) {
				continue
			}
			more = true
			if full() {
				return out
			}
			nq := results[i][turn]
			add(Form{Text: nq.String(), Rules: []string{r.Name}, Query: nq})
		}
	}
	if max <= 0 {
		return out
	}
	rng := rand.New(rand.NewSource(seed))
	for attempts := 0; attempts < 20*max && !full(); attempts++ {
		cur := first
		steps := 2 + rng.Intn(5)
		for s := 0; s < steps; s++ {
			var options [][]*Query
			var names []string
			for _, r := range rules {
				if res := r.Apply(cur.Query); len(res) > 0 {
					options = append(options, res)
					names = append(names, r.Name)
				}
			}
			if len(options) == 0 {
				break
			}
			i := rng.Intn(len(options))
			nq := options[i][rng.Intn(len(options[i]))]
			cur = Form{Text: nq.String(), Rules: append(append([]string(nil), cur.Rules...), names[i]), Query: nq}
		}
		add(cur)
	}
	return out
}

// Bind replaces the $name placeholders of a form's text by the literals of
// params (a dataset's anchors). A placeholder is the whole name after the
// $, so $a does not match inside $ab; a name followed by ( is not one:
// $any([...]) and $all([...]) are dynamic label and type expressions.
func Bind(text string, params map[string]string) string {
	if len(params) == 0 {
		return text
	}
	return boundPlaceholder.ReplaceAllStringFunc(text, func(m string) string {
		if strings.HasSuffix(m, "(") {
			return m
		}
		if lit, ok := params[m[1:]]; ok {
			return lit
		}
		return m
	})
}

// boundPlaceholder matches a $name and the ( after it, if any.
var boundPlaceholder = regexp.MustCompile(`\$[A-Za-z_][A-Za-z0-9_]*\(?`)
