public enum ScreensModule {}
