"""As ações do registro de auditoria: cada ato da aplicação, um membro, no particípio (o que
aconteceu), como o `AuditLogEventType` do Zulip.

Quem escreve (`services.registrar`) só aceita um membro daqui, e a reencenação
(`pelo_registro.DOBRAS`) diz, para cada um, como ele entra no que se refaz ou que não entra: um ato
novo que ficasse de fora é acusado por `tests/web/test_acoes_auditadas.py`.

O valor é o texto gravado no registro e coberto pelo selo: os registros antigos nunca se
reescrevem, então um valor nunca muda (o nome do membro pode mudar à vontade). Um ato novo ganha
um valor novo; `acao_gravada` lê o texto de volta.
"""

from __future__ import annotations

from django.db import models


class AcaoAuditada(models.TextChoices):
    # candidatos
    CANDIDATOS_IMPORTADOS = "candidatos_importados", "Candidatos importados"
    IMPORTACAO_REMOVIDA = "importacao_removida", "Importação removida"
    IMPORTACAO_SUBSTITUIDA = "importacao_substituida", "Importação substituída"
    CANDIDATO_CORRIGIDO = "candidato_corrigido", "Candidato corrigido"
    FALSIDADE_APURADA = "fraude_aberto", "Procedimento de declaração falsa aberto"
    DEFESA_REGISTRADA = "fraude_defesa", "Defesa registrada no procedimento"
    FALSIDADE_DECIDIDA = "fraude_decidido", "Procedimento de declaração falsa decidido"
    FALSIDADE_ENCAMINHADA = "fraude_encaminhado", "Procedimento encaminhado às autoridades"
    VERIFICACAO_DOCUMENTAL_REGISTRADA = "verificacao_documental", "Verificação documental"
    # certames
    CERTAME_CRIADO = "certame_criado", "Certame criado"
    CARGO_ADICIONADO = "cargo_adicionado", "Cargo adicionado"
    CERTAME_HOMOLOGADO = "certame_homologado", "Certame homologado"
    CERTAME_PUBLICADO = "certame_publicado", "Certame publicado"
    CERTAME_ARQUIVADO = "certame_arquivado", "Certame arquivado"
    CERTAME_CORRIGIDO = "certame_corrigido", "Certame corrigido"
    CERTAME_RETIFICADO = "certame_retificado", "Edital retificado"
    EDITAL_ADOTADO = "certame_edital", "Edital como dado adotado"
    # nomeações
    VAGAS_DO_EDITAL_OFERECIDAS = "vagas_edital", "Vagas do edital oferecidas"
    NOVAS_VAGAS_OFERECIDAS = "vagas_novas", "Novas vagas oferecidas"
    VAGAS_TORNADAS_SEM_EFEITO = "vagas_sem_efeito", "Oferta de vagas tornada sem efeito"
    NOMEADO = "nomeacao", "Nomeação publicada"
    NOMEACAO_TORNADA_SEM_EFEITO = "nomeacao_sem_efeito", "Nomeação tornada sem efeito"
    EMPOSSADO = "posse", "Posse registrada"
    DESISTIU = "desistencia", "Desistência registrada"
    PERDEU_O_PRAZO_DA_POSSE = "sem_posse", "Posse não tomada no prazo"
    DESISTENCIA_TORNADA_SEM_EFEITO = "desistencia_sem_efeito", "Desistência tornada sem efeito"
    FOI_PARA_O_FINAL_DA_FILA = "final_de_fila", "Final de fila"
    # comissão de heteroidentificação
    MEMBRO_DA_COMISSAO_DESIGNADO = "comissao_membro", "Membro da comissão designado"
    SESSAO_MARCADA = "comissao_sessao", "Sessão da comissão marcada"
    CANDIDATOS_CONVOCADOS = "comissao_convocacao", "Candidatos convocados"
    PARECER_REGISTRADO = "comissao_verificacao", "Parecer da comissão registrado"
    GRAVACAO_GUARDADA = "comissao_gravacao", "Gravação guardada"
    ATA_GUARDADA = "comissao_ata", "Ata da sessão guardada"
    SESSAO_ENCERRADA = "comissao_sessao_encerrada", "Sessão encerrada e ata fechada"
    RECURSO_INTERPOSTO = "comissao_recurso", "Recurso interposto"
    RECURSO_DECIDIDO = "comissao_recurso_decidido", "Recurso decidido"
    PARECER_TORNADO_SEM_EFEITO = "comissao_parecer_sem_efeito", "Parecer tornado sem efeito"
    RECURSO_TORNADO_SEM_EFEITO = "comissao_recurso_sem_efeito", "Decisão de recurso sem efeito"
    # contas e identidade do órgão
    USUARIO_CRIADO = "usuario_criado", "Usuário criado"
    USUARIO_EDITADO = "usuario_editado", "Usuário editado"
    USUARIO_DESATIVADO = "usuario_desativado", "Usuário desativado"
    USUARIO_REATIVADO = "usuario_reativado", "Usuário reativado"
    PAPEL_DADO = "papel_dado", "Papel dado"
    PAPEL_TIRADO = "papel_tirado", "Papel tirado"
    DESIGNADO = "designacao", "Designação para o certame"
    DESIGNACAO_DESFEITA = "designacao_desfeita", "Designação desfeita"
    SENHA_PROVISORIA_DADA = "senha_provisoria", "Senha provisória dada"
    SENHA_REDEFINIDA = "senha_redefinida", "Senha redefinida por e-mail"
    SENHA_TROCADA = "senha_trocada", "Senha trocada"
    IDENTIDADE_DO_ORGAO_ALTERADA = "orgao_identidade", "Identidade do órgão alterada"
    MODELO_DE_TEXTO_ALTERADO = "modelo_de_texto", "Modelo de texto alterado"
    # o que se publica (não muda o certame: `Registro.objects.que_mudam_o_certame`)
    ARQUIVO_PUBLICADO = "arquivo_publicado", "Arquivo público gerado"
    # o registro da própria cadeia (migração 0004: a partir dele, todo selo é com chave)
    SELO_COM_CHAVE_ADOTADO = "auditoria_selo_com_chave", "Selo com chave adotado"
    CHAVE_TROCADA = "auditoria_chave_trocada", "Chave do selo trocada"


def acao_gravada(texto: str) -> AcaoAuditada | None:
    """A ação de um registro lido do banco; None para um texto que nenhum ato da aplicação grava
    (escrito por fora dela: a reencenação não o dobra, e a verificação da cadeia o mostra como
    está)."""
    try:
        return AcaoAuditada(texto)
    except ValueError:
        return None
