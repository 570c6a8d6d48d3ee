package temporal

import (
	"fmt"

	"github.com/cyqdb/cyq/cyqerr"
	"github.com/cyqdb/cyq/value"
)

// Error details used by this package.
const (
	detailValue = "InvalidArgumentValue"
	detailType  = "InvalidArgumentType"
)

// errValue is an ArgumentError/InvalidArgumentValue.
func errValue(format string, args ...any) *cyqerr.Error {
	return cyqerr.Runtimef(cyqerr.ArgumentError, detailValue, format, args...)
}

// errType is a TypeError/InvalidArgumentType.
func errType(format string, args ...any) *cyqerr.Error {
	return cyqerr.Runtimef(cyqerr.TypeError, detailType, format, args...)
}

// errArgType reports that v has the wrong type for the named argument.
func errArgType(what string, v value.Value, want string) *cyqerr.Error {
	return errType("%s: expected %s, got %s", what, want, value.TypeName(v))
}

func quote(s string) string { return fmt.Sprintf("%q", s) }
