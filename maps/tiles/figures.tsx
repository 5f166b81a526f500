<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="figures" tilewidth="40" tileheight="40" tilecount="4" columns="4">
 <image source="figures.png" width="160" height="40"/>
</tileset>
