package cyqerr

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Type is the broad class of an error. The first group mirrors the openCypher
// TCK's error types; the second is cyq's own.
type Type string

// Error types.
const (
	SyntaxError                  Type = "SyntaxError"
	SemanticError                Type = "SemanticError"
	TypeError                    Type = "TypeError"
	ArgumentError                Type = "ArgumentError"
	ArithmeticError              Type = "ArithmeticError"
	EntityNotFound               Type = "EntityNotFound"
	PropertyNotFound             Type = "PropertyNotFound"
	LabelNotFound                Type = "LabelNotFound"
	ProcedureError               Type = "ProcedureError"
	ParameterMissing             Type = "ParameterMissing"
	ConstraintVerificationFailed Type = "ConstraintVerificationFailed"
	ConstraintValidationFailed   Type = "ConstraintValidationFailed"

	// LimitExceeded: a time, row, memory, size or depth limit stopped the work.
	LimitExceeded Type = "LimitExceeded"
	// Cancelled: the caller's context ended the work.
	Cancelled Type = "Cancelled"
	// AccessDenied: the operation is not allowed in this mode (read-only, import directory).
	AccessDenied Type = "AccessDenied"
	// StorageError: the store failed or is unusable (corrupt, wrong version, locked).
	StorageError Type = "StorageError"
	// ProgramError: an invalid or failed GraphProgram.
	ProgramError Type = "ProgramError"
	// Internal: a bug in cyq; the message says what broke.
	Internal Type = "InternalError"
)

// Phase is when an error was raised.
type Phase uint8

// Phases.
const (
	CompileTime Phase = iota
	Runtime
)

func (p Phase) String() string {
	if p == Runtime {
		return "runtime"
	}
	return "compile time"
}

// Pos is a position in source text. Offset is a byte offset; Line and Column
// are 1-based, Column counted in runes. The zero Pos means "no position".
type Pos struct {
	Offset int
	Line   int
	Column int
}

// IsValid reports whether p names a position.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Column)
}

// Error is cyq's structured error.
type Error struct {
	Type    Type
	Detail  string // finer classification, e.g. "UndefinedVariable"
	Phase   Phase
	Message string
	Pos     Pos    // where the problem starts (zero when unknown)
	EndOff  int    // byte offset just past the offending text (0 when unknown)
	Source  string // the source text, for rendering the offending line
	Hint    string // what to do about it
	Fix     string // a corrected form of the input, when one is certain
	Pointer string // a JSON pointer, for GraphProgram input
	Cause   error
}

// New returns an Error of the given type and detail with a formatted message.
func New(t Type, detail string, phase Phase, format string, args ...any) *Error {
	return &Error{Type: t, Detail: detail, Phase: phase, Message: fmt.Sprintf(format, args...)}
}

// Compile returns a compile-time error.
func Compile(t Type, detail string, format string, args ...any) *Error {
	return New(t, detail, CompileTime, format, args...)
}

// Runtimef returns a runtime error.
func Runtimef(t Type, detail string, format string, args ...any) *Error {
	return New(t, detail, Runtime, format, args...)
}

// Code is the stable machine-readable code, "Type.Detail" (or "Type").
func (e *Error) Code() string {
	if e.Detail == "" {
		return string(e.Type)
	}
	return string(e.Type) + "." + e.Detail
}

// At sets the position from a byte offset into src and returns e.
func (e *Error) At(src string, offset int) *Error {
	e.Source = src
	e.Pos = PosOf(src, offset)
	return e
}

// WithHint sets the hint and returns e.
func (e *Error) WithHint(format string, args ...any) *Error {
	e.Hint = fmt.Sprintf(format, args...)
	return e
}

// Error renders "line:col: Code: message".
func (e *Error) Error() string {
	var b strings.Builder
	if e.Pos.IsValid() {
		fmt.Fprintf(&b, "%d:%d: ", e.Pos.Line, e.Pos.Column)
	} else if e.Pointer != "" {
		fmt.Fprintf(&b, "%s: ", e.Pointer)
	}
	b.WriteString(e.Code())
	b.WriteString(": ")
	b.WriteString(e.Message)
	return b.String()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Cause }

// Pretty renders the error with the offending line, a caret under the
// position, and the hint and corrected form when present.
func (e *Error) Pretty() string {
	var b strings.Builder
	b.WriteString(e.Error())
	if e.Pos.IsValid() && e.Source != "" {
		line := lineAt(e.Source, e.Pos.Line)
		b.WriteString("\n  ")
		b.WriteString(strings.ReplaceAll(line, "\t", " "))
		b.WriteString("\n  ")
		b.WriteString(strings.Repeat(" ", max(e.Pos.Column-1, 0)))
		width := 1
		if e.EndOff > e.Pos.Offset {
			seg := e.Source[e.Pos.Offset:min(e.EndOff, len(e.Source))]
			if i := strings.IndexByte(seg, '\n'); i >= 0 {
				seg = seg[:i]
			}
			width = max(len([]rune(seg)), 1)
		}
		b.WriteString(strings.Repeat("^", width))
	}
	if e.Hint != "" {
		b.WriteString("\n  hint: ")
		b.WriteString(e.Hint)
	}
	if e.Fix != "" {
		b.WriteString("\n  did you mean: ")
		b.WriteString(e.Fix)
	}
	return b.String()
}

// PosOf converts a byte offset in src into a Pos.
func PosOf(src string, offset int) Pos {
	if offset < 0 {
		offset = 0
	}
	if offset > len(src) {
		offset = len(src)
	}
	line, col := 1, 1
	for _, r := range src[:offset] {
		if r == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return Pos{Offset: offset, Line: line, Column: col}
}

func lineAt(src string, n int) string {
	for i := 1; i < n; i++ {
		j := strings.IndexByte(src, '\n')
		if j < 0 {
			return ""
		}
		src = src[j+1:]
	}
	if j := strings.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	return strings.TrimSuffix(src, "\r")
}

// As returns the *Error in err's chain, or nil.
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// Wrap converts any error to an *Error: an *Error in the chain is returned
// as is, anything else becomes an error of type t.
func Wrap(err error, t Type, phase Phase) *Error {
	if err == nil {
		return nil
	}
	if e := As(err); e != nil {
		return e
	}
	return &Error{Type: t, Phase: phase, Message: err.Error(), Cause: err}
}

// List is a list of errors that sorts by position.
type List []*Error

func (l List) Len() int           { return len(l) }
func (l List) Swap(i, j int)      { l[i], l[j] = l[j], l[i] }
func (l List) Less(i, j int) bool { return l[i].Pos.Offset < l[j].Pos.Offset }

// Sort sorts the list by position.
func (l List) Sort() { sort.Stable(l) }

// Err returns nil for an empty list, the single error for one, or the list.
func (l List) Err() error {
	switch len(l) {
	case 0:
		return nil
	case 1:
		return l[0]
	}
	return l
}

func (l List) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0].Error(), len(l)-1)
}
