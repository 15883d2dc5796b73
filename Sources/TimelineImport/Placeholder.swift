// Placeholder until the JSON reader lands.
enum _Placeholder {}
