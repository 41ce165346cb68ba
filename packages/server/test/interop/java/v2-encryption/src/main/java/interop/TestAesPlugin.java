package interop;

import com.alibaba.nacos.plugin.encryption.spi.EncryptionPluginService;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * An encryption plugin as applications write them for the nacos client: configs named `cipher-aes-*` are
 * encrypted with a fresh data key, and the data key itself is encrypted with a master key before the
 * client sends it to the server beside the content.
 */
public final class TestAesPlugin implements EncryptionPluginService {
  private static final byte[] MASTER = "tsnacos-master-k".getBytes(StandardCharsets.UTF_8);

  @Override
  public String algorithmName() {
    return "aes";
  }

  @Override
  public String generateSecretKey() {
    byte[] key = new byte[16];
    new SecureRandom().nextBytes(key);
    return Base64.getEncoder().encodeToString(key);
  }

  @Override
  public String encrypt(String secretKey, String content) {
    return Base64.getEncoder().encodeToString(run(Cipher.ENCRYPT_MODE, decode(secretKey), bytes(content)));
  }

  @Override
  public String decrypt(String secretKey, String content) {
    return new String(run(Cipher.DECRYPT_MODE, decode(secretKey), decode(content)), StandardCharsets.UTF_8);
  }

  @Override
  public String encryptSecretKey(String secretKey) {
    return Base64.getEncoder().encodeToString(run(Cipher.ENCRYPT_MODE, MASTER, bytes(secretKey)));
  }

  @Override
  public String decryptSecretKey(String secretKey) {
    return new String(run(Cipher.DECRYPT_MODE, MASTER, decode(secretKey)), StandardCharsets.UTF_8);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] decode(String s) {
    return Base64.getDecoder().decode(s);
  }

  private static byte[] run(int mode, byte[] key, byte[] input) {
    try {
      Cipher cipher = Cipher.getInstance("AES/ECB/PKCS5Padding");
      cipher.init(mode, new SecretKeySpec(key, "AES"));
      return cipher.doFinal(input);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
