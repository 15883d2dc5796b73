import Testing
import TimelineImport
