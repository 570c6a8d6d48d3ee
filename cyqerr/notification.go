package cyqerr

import (
	"fmt"
	"strings"
)

// Notification codes. A notification is advice about a query that
// compiled: it does not stop the query, but it usually explains an
// unexpected (often empty) result. Codes read "Warning.Detail", as error
// codes read "Type.Detail".
const (
	// UnknownLabel: a label the graph has never stored.
	UnknownLabel = "Warning.UnknownLabel"
	// UnknownRelationshipType: a relationship type the graph has never stored.
	UnknownRelationshipType = "Warning.UnknownRelationshipType"
	// UnknownPropertyKey: a property key the graph has never stored.
	UnknownPropertyKey = "Warning.UnknownPropertyKey"
	// CartesianProduct: a MATCH whose parts share no variable, so every
	// combination of their matches is produced.
	CartesianProduct = "Warning.CartesianProduct"
	// UnboundedVariableLength: a variable-length relationship without an
	// upper bound.
	UnboundedVariableLength = "Warning.UnboundedVariableLength"
	// DeprecatedSyntax: a form that still works but is deprecated.
	DeprecatedSyntax = "Warning.DeprecatedSyntax"
)

// Notification is a warning about a compiled query: a code (one of the
// constants above), a message, the position of the text it is about, and
// a suggestion (a rewrite or the names that exist) when there is one.
type Notification struct {
	Code       string
	Message    string
	Pos        Pos
	Suggestion string
}

// String renders "line:col: Code: message (suggestion: ...)", one line,
// for shells and tool results.
func (n Notification) String() string {
	var b strings.Builder
	if n.Pos.IsValid() {
		fmt.Fprintf(&b, "%d:%d: ", n.Pos.Line, n.Pos.Column)
	}
	b.WriteString(n.Code)
	b.WriteString(": ")
	b.WriteString(n.Message)
	if n.Suggestion != "" {
		b.WriteString(" (suggestion: ")
		b.WriteString(n.Suggestion)
		b.WriteString(")")
	}
	return b.String()
}
