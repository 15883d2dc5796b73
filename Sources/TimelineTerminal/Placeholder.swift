// Placeholder until the terminal renderer lands.
enum _Placeholder {}
