<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="figures" tilewidth="40" tileheight="40" tilecount="6" columns="6">
 <image source="figures.png" width="240" height="40"/>
</tileset>
