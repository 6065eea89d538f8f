import Renderer
print("mvvm-tui")
