package metamorphic

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// ParamForms returns the seed form of q written with parameters: its
// $placeholders stay in the text and the dataset's literals are passed as
// query parameters, as an application sends them. The planner prices the
// plan with the values (and a cached plan serves values of the same
// estimate class), where every other form binds them as literals:
// TestPlanInvariance holds its plan to the same bound as theirs. None
// when q has no placeholder.
func ParamForms(q *Query) []Form {
	text := q.String()
	if !placeholder.MatchString(text) {
		return nil
	}
	return []Form{{Text: text, Rules: []string{"parameters"}, Query: q, Params: true}}
}

var placeholder = regexp.MustCompile(`\$([A-Za-z_][A-Za-z0-9_]*)(\(?)`)

// BindForm is Bind for a form: a parameter form keeps its text and gets
// the values of its placeholders as arguments (integers, floats and
// quoted strings as written in params); any other form gets its
// placeholders replaced and no arguments.
func BindForm(f Form, params map[string]string) (string, map[string]any, error) {
	if !f.Params {
		return Bind(f.Text, params), nil, nil
	}
	args := map[string]any{}
	for _, m := range placeholder.FindAllStringSubmatch(f.Text, -1) {
		if m[2] != "" {
			continue // $any( or $all(: a dynamic label or type expression
		}
		lit, ok := params[m[1]]
		if !ok {
			return "", nil, fmt.Errorf("no value for $%s", m[1])
		}
		v, err := literalValue(lit)
		if err != nil {
			return "", nil, fmt.Errorf("$%s: %v", m[1], err)
		}
		args[m[1]] = v
	}
	return f.Text, args, nil
}

// literalValue reads a Cypher literal as the datasets write their values:
// an integer, a float or a single- or double-quoted string without escapes.
func literalValue(lit string) (any, error) {
	if i, err := strconv.ParseInt(lit, 10, 64); err == nil {
		return i, nil
	}
	if f, err := strconv.ParseFloat(lit, 64); err == nil {
		return f, nil
	}
	if len(lit) >= 2 && (lit[0] == '\'' || lit[0] == '"') && lit[len(lit)-1] == lit[0] && !strings.Contains(lit, "\\") {
		return lit[1 : len(lit)-1], nil
	}
	return nil, fmt.Errorf("literal %s is not an integer, float or plain string", lit)
}
