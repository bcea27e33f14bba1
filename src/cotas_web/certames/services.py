"""Serviços do certame: criar, cargos, homologar. Cada um transacional e auditado."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any, TypeVar

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction

from cotas.arquivos import limites
from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.services import registrar
from cotas_web.ponte import catalogo, leis, reencenacao, verificacao
from cotas_web.ponte.catalogo import especificacao_de
from cotas_web.ponte.erros import ErroCotas
from cotas_web.rotulos import codigos

from . import datas, editais
from .editais import EditalLido
from .models import (
    AtoTornavelSemEfeito,
    BaseDoLimiar,
    Cargo,
    Certame,
    DuplaCondicao,
    Orgao,
    Pedido,
    PrioridadeColisao,
    Retificacao,
)

M = TypeVar("M", bound=models.Model)


def certame_travar(certame_id: int) -> Certame:
    """O certame relido e travado até o fim da transação. Todo ato que muda um certame começa
    aqui e só DEPOIS relê o que decide (o procedimento, o recurso, a convocação...): dois atos
    no mesmo certame correm um de cada vez, e o segundo vê o que o primeiro gravou. No
    PostgreSQL é a trava da linha (SELECT ... FOR UPDATE); no SQLite a transação inteira já é
    exclusiva (BEGIN IMMEDIATE, settings/base.py)."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("A trava do certame vale só dentro da transação do ato.")
    certame = Certame.objects.select_for_update().get(pk=certame_id)
    if certame.arquivado:
        raise ValidationError(
            f"O certame foi arquivado em {certame.arquivado_em:%d/%m/%Y}: só para leitura."
        )
    return certame


def pedido_anterior(token: str, acao: str, modelo: type[M]) -> M | None:
    """O que um envio anterior do mesmo formulário (mesmo código `token`) já criou, ou None se
    o código é novo, e então fica reservado a este pedido até o fim da transação.

    O índice único decide a corrida: dois envios simultâneos com o mesmo código, o segundo
    espera o primeiro terminar e encontra o que ele criou (ou, se ele foi recusado, segue)."""
    if not token:
        return None
    try:
        with transaction.atomic():
            Pedido.objects.create(token=token, acao=acao)
    except IntegrityError:
        anterior = Pedido.objects.get(token=token)
        if anterior.acao != acao or anterior.objeto_id is None:
            raise ValidationError(
                "Este formulário já foi enviado para outra ação; recarregue a página."
            ) from None
        return modelo._default_manager.get(pk=anterior.objeto_id)
    return None


def pedido_concluir(token: str, objeto: models.Model) -> None:
    """Liga o código do formulário ao que ele criou (um reenvio o encontra)."""
    if token:
        Pedido.objects.filter(token=token).update(objeto_id=objeto.pk)


def gravar_sem_efeito(
    objeto: AtoTornavelSemEfeito, *, data: date, ato: str, autoridade: str, motivo: str
) -> None:
    """Grava no ato (`objeto`, já travado pelo serviço) o ato novo que o torna sem efeito; cada
    campo que falta é dito, todos de uma vez. O ato original não muda: só ganha quem o desfez."""
    faltam = [
        mensagem
        for valor, mensagem in (
            (ato, "Informe o número do ato que torna sem efeito (ex.: Portaria 110/2026)."),
            (autoridade, "Informe a autoridade que assina o ato (cargo e nome)."),
            (motivo, "Informe o motivo (o engano que o ato corrige)."),
        )
        if not valor.strip()
    ]
    if faltam:
        raise ValidationError(faltam)
    objeto.sem_efeito_em = data
    objeto.sem_efeito_ato = ato.strip()
    objeto.sem_efeito_autoridade = autoridade.strip()
    objeto.sem_efeito_motivo = motivo.strip()
    objeto.save(
        update_fields=[
            "sem_efeito_em",
            "sem_efeito_ato",
            "sem_efeito_autoridade",
            "sem_efeito_motivo",
        ]
    )


def _citacoes(refs: Any) -> str:
    return "; ".join(r.citacao() for r in refs)


@transaction.atomic
def certame_criar(
    *,
    usuario: User,
    nome: str,
    municipio: str,
    data_edital: date,
    tipo: str,
    validade_ate: date | None = None,
    pcd_percentual: Decimal | None = None,
    pcd_arredondamento: str = "",
    pcd_teto: Decimal | None = None,
    data_referencia_idade: date | None = None,
    desempate: list[tuple[str, str]] | None = None,
    admite_final_de_fila: bool = False,
    final_de_fila_item: str = "",
    prioridade_colisao: str = PrioridadeColisao.LEI_PCD,
    base_do_limiar: str = BaseDoLimiar.TODAS_OFERTADAS,
    dupla_condicao: str = DuplaCondicao.LISTA_QUE_NOMEIA_ANTES,
    informados: dict[str, Any] | None = None,
    orgao: str = "",
    prazo_recurso_dias: int | None = None,
    token: str = "",
    edital: EditalLido | None = None,
) -> Certame:
    """Cria o certame com a lei em vigor na data do edital (`[transicao]` de cada lei: a lei não
    se aplica a editais publicados antes de sua vigência). O mesmo formulário enviado de novo
    (`token`) devolve o certame já criado. `edital`: o edital como dado (`editais`), com a data
    e a lei do certame; o modelo enviado com ele fica guardado na instalação."""
    if (anterior := pedido_anterior(token, "certame_criar", Certame)) is not None:
        return anterior
    _conferir_o_edital(edital, municipio, data_edital)
    regras = _regras_do_novo_certame(
        municipio=municipio,
        data_edital=data_edital,
        tipo=tipo,
        pcd_percentual=pcd_percentual,
        pcd_arredondamento=pcd_arredondamento,
        pcd_teto=pcd_teto,
        base_do_limiar=base_do_limiar,
        informados=informados,
        orgao=orgao,
        edital=edital.edital if edital is not None else None,
    )
    _conferir_escolhas(desempate, dupla_condicao, data_edital, validade_ate)
    _conferir_prazo_do_recurso(regras, prazo_recurso_dias)
    certame = Certame.objects.create(
        nome=nome,
        municipio=regras.lei.municipio,
        data_edital=data_edital,
        tipo=tipo,
        validade_ate=validade_ate,
        lei_id=regras.lei.id,
        lei_titulo=regras.lei.titulo,
        exige_comissao=regras.comissao is not None,
        pcd_percentual=pcd_percentual,
        pcd_arredondamento=pcd_arredondamento if pcd_percentual is not None else "",
        pcd_teto=pcd_teto if pcd_percentual is not None else None,
        data_referencia_idade=data_referencia_idade,
        desempate=[[c, s] for c, s in (desempate or [])],
        admite_final_de_fila=admite_final_de_fila,
        final_de_fila_item=final_de_fila_item.strip() if admite_final_de_fila else "",
        prioridade_colisao=prioridade_colisao,
        base_do_limiar=base_do_limiar,
        dupla_condicao=dupla_condicao,
        informados=informados or {},
        orgao=orgao,
        prazo_recurso_dias=prazo_recurso_dias,
    )
    _gravar_edital(usuario, certame, edital)
    pedido_concluir(token, certame)
    _designar_quem_cria(usuario, certame)
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.CERTAME_CRIADO,
        descricao=_descricao_da_criacao(certame, regras.lei.municipio, regras.lei.titulo),
        fundamento=regras.lei.referencia_vigencia.citacao(),
        dados=_dados_da_criacao(certame),
    )
    return certame


def _dados_da_criacao(certame: Certame) -> dict[str, Any]:
    """O que o registro da criação guarda: a lei, o edital como dado (se há) e as escolhas que
    o edital faz."""
    return {
        "lei": certame.lei_id,
        "edital": _edital_como_dado(certame),
        "tipo": certame.tipo,
        "prioridade_colisao": certame.prioridade_colisao,
        "base_do_limiar": certame.base_do_limiar,
        "dupla_condicao": certame.dupla_condicao,
        "informados": certame.informados or {},
        "prazo_recurso_dias": certame.prazo_recurso_dias,
    }


def _conferir_o_edital(edital: EditalLido | None, municipio: str, data_edital: date) -> None:
    """A data e a lei do certame novo são as do edital, se ele o tem."""
    if edital is not None:
        _conferir_data_do_edital(edital, data_edital)
        _conferir_lei_do_edital(edital, municipio, data_edital)


def _conferir_data_do_edital(edital: EditalLido, data_edital: date) -> None:
    if data_edital != edital.edital.data:
        raise ValidationError(
            {
                "data_edital": f"O {edital.edital.norma} é de {edital.edital.data:%d/%m/%Y} "
                f"({edital.arquivo}); a data do certame é a do edital."
            }
        )


def _conferir_lei_do_edital(edital: EditalLido, municipio: str, data_edital: date) -> None:
    """A lei do ente na data do edital é a que o edital aplica (nunca uma no lugar da outra)."""
    try:
        lei = catalogo.lei_do_certame(None, municipio, data_edital)
    except ErroCotas as erro:
        raise ValidationError({"municipio": str(erro)}) from erro
    if lei.id != edital.edital.lei:
        raise ValidationError(
            {
                "municipio": f"O {edital.edital.norma} aplica {edital.edital.lei}, mas a lei de "
                f"{municipio} para um edital de {data_edital:%d/%m/%Y} é {lei.titulo}."
            }
        )


def _gravar_edital(usuario: User, certame: Certame, edital: EditalLido | None) -> None:
    """O edital no certame (se ele o tem): o texto, o nome do arquivo e o modelo na versão
    usada, com o sha256 dele (o modelo enviado fica guardado na instalação)."""
    if edital is None:
        return
    modelo = editais.guardar_modelo(usuario, edital)
    certame.edital_texto = edital.texto
    certame.edital_arquivo = edital.arquivo
    certame.modelo_de_edital = modelo  # (o id, a versão e o sha256)
    certame.save(
        update_fields=[
            "edital_texto",
            "edital_arquivo",
            "modelo_identificador",
            "modelo_versao",
            "modelo_sha256",
        ]
    )


def _edital_como_dado(certame: Certame) -> dict[str, Any] | None:
    """O edital do certame no registro de auditoria: o arquivo, o sha256 dele e o modelo (id,
    versão, sha256)."""
    if not certame.edital_texto:
        return None
    import hashlib

    modelo = certame.modelo_de_edital
    return {
        "arquivo": certame.edital_arquivo,
        "sha256": hashlib.sha256(certame.edital_texto.encode("utf-8")).hexdigest(),
        "modelo": (
            {"id": modelo.identificador, "versao": modelo.versao, "sha256": certame.modelo_sha256}
            if modelo is not None
            else None
        ),
    }


def _regras_do_novo_certame(*, orgao: str, **pedido: Any) -> Any:
    """As regras que o motor dá ao pedido (a lei em vigor na data do edital), com o órgão que
    faz a seleção conferido; o erro do motor vira o do formulário."""
    try:
        regras = leis.regras_para(orgao=orgao, **pedido)
    except ErroCotas as erro:
        raise ValidationError(str(erro)) from erro
    _conferir_orgao(regras, orgao)
    return regras


def _conferir_orgao(regras: Any, orgao: str) -> None:
    """Quando a lei só abrange alguns órgãos, o certame diz qual faz a seleção (nunca suposto)."""
    abrangidos = leis.orgaos_exigidos(regras)
    if abrangidos is not None and not orgao:
        nomes = ", ".join(Orgao(o).rotulo for o in abrangidos)
        raise ValidationError(
            f"{regras.lei.titulo} abrange só {nomes.lower()}: diga o órgão ou a entidade que faz "
            "a seleção."
        )


def _conferir_escolhas(
    desempate: list[tuple[str, str]] | None,
    dupla_condicao: str,
    data_edital: date,
    validade_ate: date | None,
) -> None:
    """O que o formulário já restringe, de novo aqui: o service também é chamado sem ele."""
    for _coluna, sentido in desempate or []:
        if sentido not in ("maior", "menor"):
            raise ValidationError(f"Critério de desempate: sentido '{sentido}' desconhecido.")
    if dupla_condicao not in codigos(DuplaCondicao):
        raise ValidationError(f"Dupla condição: opção '{dupla_condicao}' desconhecida.")
    if validade_ate is not None and validade_ate < data_edital:
        raise ValidationError("A validade não pode terminar antes da publicação do edital.")


def _descricao_da_criacao(certame: Certame, municipio: str, lei_titulo: str) -> str:
    """O registro da criação na auditoria: a lei aplicada e como o certame resolve as questões
    abertas."""
    nome, data_edital = certame.nome, certame.data_edital
    admite_final_de_fila = certame.admite_final_de_fila
    final_de_fila_item = certame.final_de_fila_item
    prioridade_colisao = certame.prioridade_colisao
    base_do_limiar, dupla_condicao = certame.base_do_limiar, certame.dupla_condicao
    return (
        f"Certame “{nome}” criado: {municipio}, edital de "
        f"{data_edital:%d/%m/%Y}; lei aplicada: {lei_titulo}."
        + (
            " O edital admite o pedido de final de fila"
            + (f" ({final_de_fila_item.strip()})" if final_de_fila_item.strip() else "")
            + "."
            if admite_final_de_fila
            else ""
        )
        + f" Questões em aberto: prioridade {prioridade_colisao.replace(',', ' > ')}; "
        + "mínimo de vagas contado sobre "
        + ("as do edital" if base_do_limiar == "edital" else "todas as oferecidas")
        + "; quem é de um grupo da lei e com deficiência, chamado pelas duas listas no mesmo "
        + "ato sem opção, fica com a de "
        + (
            "PcD."
            if dupla_condicao == DuplaCondicao.LISTA_QUE_NOMEIA_ANTES_SENAO_PCD
            else "o grupo da lei."
        )
    )


def _designar_quem_cria(usuario: User, certame: Certame) -> None:
    """Quem cria o certame (o RH) fica designado para ele: age nele desde já."""
    from cotas_web.contas.permissoes import ADMIN, designar, papel_de

    if papel_de(usuario) == ADMIN:
        designar(usuario=usuario, certame=certame)


def _exigir_nao_homologado(certame: Certame) -> None:
    if certame.homologado:
        raise ValidationError(
            "O certame já foi homologado: as listas estão congeladas e só mudam por atos "
            "registrados (desistência, anulação, novas vagas)."
        )


def exigir_vagas_no_limite(onde: str, quantidade: int, no_certame: int) -> None:
    """As vagas de um cargo, ou de uma oferta de novas vagas, até `limites.VAGAS_POR_CARGO`, e
    as do certame inteiro (`no_certame`, com as desta mudança) até `limites.VAGAS_NO_CERTAME`:
    os limites da leitura de um cenário na linha de comando, que nenhum certame real alcança.
    Acima deles é erro de digitação, e o motor levaria horas e gigabytes para fazer o plano das
    vagas (999.999.999 novas vagas prenderam o servidor por minutos, com 12 GB de memória)."""
    erros = []
    if quantidade > limites.VAGAS_POR_CARGO:
        erros.append(
            f"{onde}: {limites.br(quantidade)} vagas passam do limite de "
            f"{limites.br(limites.VAGAS_POR_CARGO)} por cargo (e por oferta de novas vagas)."
        )
    if no_certame > limites.VAGAS_NO_CERTAME:
        erros.append(
            f"{onde}: o certame ficaria com {limites.br(no_certame)} vagas, acima do limite de "
            f"{limites.br(limites.VAGAS_NO_CERTAME)} no certame inteiro."
        )
    if erros:
        raise ValidationError(erros)


def vagas_do_edital(certame: Certame, *, exceto: set[int] | frozenset[int] = frozenset()) -> int:
    """As vagas do edital dos cargos do certame, menos as dos cargos `exceto` (pk)."""
    vagas = certame.cargos.exclude(pk__in=exceto).aggregate(total=models.Sum("vagas_edital"))
    return int(vagas["total"] or 0)


@transaction.atomic
def cargo_adicionar(
    *, usuario: User, certame: Certame, codigo: str, nome: str, vagas_edital: int
) -> Cargo:
    certame = certame_travar(certame.pk)
    _exigir_nao_homologado(certame)
    codigo = codigo.strip()
    if not codigo:
        raise ValidationError("Informe o código do cargo.")
    exigir_vagas_no_limite(f"Cargo {codigo}", vagas_edital, vagas_do_edital(certame) + vagas_edital)
    if Cargo.objects.filter(certame=certame, codigo=codigo).exists():
        raise ValidationError(f"Já existe o cargo {codigo} neste certame.")
    cargo = Cargo.objects.create(
        certame=certame, codigo=codigo, nome=nome, vagas_edital=vagas_edital
    )
    regras = leis.regras_do_certame(certame)
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.CARGO_ADICIONADO,
        descricao=f"Cargo {codigo} ({nome}) com {vagas_edital} vaga(s) no edital.",
        fundamento=_citacoes(tuple(r for g in regras.grupos_da_lei for r in g.ref("percentual"))),
        dados={"cargo": codigo, "vagas": vagas_edital},
    )
    return cargo


def impedimentos_da_homologacao(certame: Certame, data: date | None = None) -> list[str]:
    """Tudo o que impede homologar, de uma vez, para a página dizer ANTES de pedir a confirmação
    (e o ato recusar com a mesma lista): a data, os candidatos, a verificação e os recursos
    pendentes onde a lei os exige (parâmetros `heteroidentificacao.momento` e `.recursos`) e o
    que o motor recusaria depois, ao nomear: empates que nenhum critério resolve, nomeando as
    inscrições e as linhas (`cotas.apuracao.conferir_antes_das_nomeacoes`, a regra da prévia da
    importação e de `cotas validar`). Todos: quem mostra resume (`comum.mensagens_de`)."""
    impedimentos: list[str] = []
    if certame.homologado:
        return [
            "O certame já foi homologado: as listas estão congeladas e só mudam por atos "
            "registrados (desistência, anulação, novas vagas)."
        ]
    if data is not None:  # (as datas contra o registro: `datas`, cada recusa com os dois atos)
        conferencias: list[Callable[[], None]] = [
            lambda: datas.exigir_entre_edital_e_hoje(certame, data, "Homologação"),
            lambda: datas.exigir_ate_hoje_na_validade(certame, data, "Homologação"),
            lambda: datas.exigir_homologacao_depois_da_comissao(certame, data),
        ]
        for conferir in conferencias:
            try:
                conferir()
            except ValidationError as erro:
                impedimentos += erro.messages
    if not certame.candidatos.exists():
        return [*impedimentos, "Importe os candidatos antes de homologar."]
    regras = leis.regras_do_certame(certame)
    if certame.exige_comissao or verificacao.grupos_documentais(regras):
        from cotas_web.comissao.selectors import pendencias_da_comissao

        pendencias = pendencias_da_comissao(certame=certame)
        refs = regras.comissao.referencias if regras.comissao is not None else {}
        if pendencias:
            # A verificação e os recursos antes da homologação, com os artigos da lei.
            citados = [refs[k].citacao() for k in ("momento", "recursos") if k in refs]
            impedimentos.append(
                "A homologação precisa da verificação concluída"
                + (f" ({'; '.join(citados)})" if citados else "")
                + ": "
                + "; ".join(pendencias)
            )
    return impedimentos + _recusas_do_motor(certame)


def _recusas_do_motor(certame: Certame) -> list[str]:
    """O que o motor recusaria ao nomear as vagas do edital, menos a verificação pendente (já
    dita, com os recursos, por `pendencias_da_comissao`): os empates e o que mais ele recusa
    nas listas de um cargo, cada um com as linhas do arquivo importado."""
    from cotas.apuracao import conferir_antes_das_nomeacoes
    from cotas_web.ponte.tipos import TabelaCandidatos

    ativas = certame.importacoes.filter(removida_em__isnull=True)
    importacoes = list(ativas.values_list("arquivo_nome", flat=True)[:2])
    arquivo = importacoes[0] if len(importacoes) == 1 else "candidatos importados"
    try:
        motor = reencenacao.reencenar(certame)
    except ErroCotas as erro:
        return [str(erro)]
    candidatos = motor.candidatos
    assert isinstance(candidatos, TabelaCandidatos)  # (a reencenação os lê do banco em colunas)
    conferencia = conferir_antes_das_nomeacoes(motor, candidatos, arquivo)
    return [str(e) for e in conferencia.empates + conferencia.outros]


def homologacao_conferir(*, certame: Certame, data: date) -> str:
    """O que a homologação exige, conferido: `ValidationError` com TODOS os impedimentos de uma
    vez (`impedimentos_da_homologacao`); devolve o fundamento dela. A tela o chama antes da
    página de confirmação (que não pergunta o que vai ser recusado) e o ato, de novo, sob a
    trava."""
    impedimentos = impedimentos_da_homologacao(certame, data)
    if impedimentos:
        raise ValidationError(impedimentos)
    regras = leis.regras_do_certame(certame)
    ref = regras.comissao.referencias.get("momento") if regras.comissao is not None else None
    return ref.citacao() if ref else ""


@transaction.atomic
def certame_homologar(*, usuario: User, certame: Certame, data: date) -> Certame:
    """Congela as listas. Onde há comissão, só depois da verificação de todos os autodeclarados
    aprovados e do exame dos recursos (parâmetros `heteroidentificacao.momento` e
    `.recursos`); e só sem nada que o motor recusaria ao nomear (`homologacao_conferir`, a lista
    que a página mostra antes de pedir a confirmação)."""
    certame = certame_travar(certame.pk)
    fundamento = homologacao_conferir(certame=certame, data=data)
    certame.homologado_em = data
    certame.save(update_fields=["homologado_em"])
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.CERTAME_HOMOLOGADO,
        descricao=f"Classificação final homologada em {data:%d/%m/%Y}; listas congeladas.",
        fundamento=fundamento,
        dados={"fatos": {"data": data.isoformat()}},
    )
    return certame


# ---------------------------------------------------------------- vida do certame


def _exigir_nao_publicado(certame: Certame) -> None:
    if certame.publicado:
        raise ValidationError(f"O certame já foi publicado em {certame.publicado_em:%d/%m/%Y}.")


def publicacao_conferir(*, certame: Certame, data: date) -> None:
    """O que a publicação recusaria, dito já na página de confirmação (o ato confere de novo,
    sob a trava)."""
    _exigir_nao_publicado(certame)
    datas.exigir_entre_edital_e_hoje(certame, data, "Publicação")
    if not certame.cargos.exists():
        raise ValidationError("Cadastre os cargos e as vagas do edital antes de publicar.")


def arquivamento_conferir(*, certame: Certame, data: date, motivo: str) -> None:
    """O que o arquivamento recusaria, dito já na página de confirmação."""
    if not motivo.strip():
        raise ValidationError("Diga por que o certame é arquivado.")
    datas.exigir_entre_edital_e_hoje(certame, data, "Arquivamento", recusado="recusado")


@transaction.atomic
def certame_publicar(*, usuario: User, certame: Certame, data: date) -> Certame:
    """O rascunho passa a ser público: a página inicial e as páginas públicas o mostram."""
    certame = certame_travar(certame.pk)
    publicacao_conferir(certame=certame, data=data)
    certame.publicado_em = data
    certame.save(update_fields=["publicado_em"])
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.CERTAME_PUBLICADO,
        descricao=f"Certame publicado em {data:%d/%m/%Y}: passa a aparecer ao público.",
    )
    return certame


@transaction.atomic
def certame_arquivar(*, usuario: User, certame: Certame, data: date, motivo: str) -> Certame:
    """Sai da página inicial; segue no seu endereço, só para leitura (nenhum ato o muda mais:
    `certame_travar` recusa um certame arquivado)."""
    certame = certame_travar(certame.pk)
    arquivamento_conferir(certame=certame, data=data, motivo=motivo)
    certame.arquivado_em = data
    certame.save(update_fields=["arquivado_em"])
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.CERTAME_ARQUIVADO,
        descricao=f"Certame arquivado em {data:%d/%m/%Y}: {motivo.strip()}",
    )
    return certame


# O que a retificação diz que mudou, nos nomes: a mesma frase lida de volta por
# `selectors.nomes_na_data` (o nome que um ato anterior à retificação usou).
NOME_DO_CERTAME_ALTERADO = "Nome do certame"


def nome_do_cargo_alterado(codigo: str) -> str:
    return f"Cargo {codigo}: nome"


@dataclass(frozen=True)
class Alteracao:
    """Um dado do certame ou de um cargo: o que é, como está e como fica."""

    o_que: str
    antes: str
    depois: str

    def como_dado(self) -> dict[str, str]:
        return {"o_que": self.o_que, "antes": self.antes, "depois": self.depois}

    def __str__(self) -> str:
        return f"{self.o_que}: {self.antes or '(vazio)'} → {self.depois or '(vazio)'}"


def _data_br(valor: date | None) -> str:
    return f"{valor:%d/%m/%Y}" if valor else ""


def _exigir_vagas_pedidas_no_limite(certame: Certame, cargos: dict[int, tuple[str, int]]) -> None:
    no_certame = vagas_do_edital(certame, exceto=set(cargos)) + sum(v for _, v in cargos.values())
    codigos = dict(certame.cargos.filter(pk__in=cargos).values_list("pk", "codigo"))
    for pk, (_, vagas) in cargos.items():
        exigir_vagas_no_limite(f"Cargo {codigos.get(pk, pk)}", vagas, no_certame)


def alteracoes_pedidas(
    certame: Certame, *, dados: dict[str, Any], cargos: dict[int, tuple[str, int]]
) -> list[Alteracao]:
    """O que muda, comparando o pedido com o que está gravado (o que não muda fica de fora).
    `dados`: nome, data_edital, validade_ate (os ausentes não mudam); `cargos`: pk → (nome,
    vagas do edital)."""
    _exigir_vagas_pedidas_no_limite(certame, cargos)
    mudancas = []
    if "nome" in dados and dados["nome"].strip() != certame.nome:
        mudancas.append(Alteracao(NOME_DO_CERTAME_ALTERADO, certame.nome, dados["nome"].strip()))
    if "data_edital" in dados and dados["data_edital"] != certame.data_edital:
        mudancas.append(
            Alteracao(
                "Data de publicação do edital",
                _data_br(certame.data_edital),
                _data_br(dados["data_edital"]),
            )
        )
    if "validade_ate" in dados and dados["validade_ate"] != certame.validade_ate:
        mudancas.append(
            Alteracao(
                "Validade até", _data_br(certame.validade_ate), _data_br(dados["validade_ate"])
            )
        )
    mudancas += _alteracoes_de_antes_da_homologacao(certame, dados)
    for cargo in certame.cargos.all():
        if cargo.pk not in cargos:
            continue
        nome, vagas = cargos[cargo.pk]
        if nome.strip() != cargo.nome:
            mudancas.append(
                Alteracao(nome_do_cargo_alterado(cargo.codigo), cargo.nome, nome.strip())
            )
        if vagas != cargo.vagas_edital:
            mudancas.append(
                Alteracao(
                    f"Cargo {cargo.codigo}: vagas do edital", str(cargo.vagas_edital), str(vagas)
                )
            )
    return mudancas


# O que só se corrige antes da homologação (a classificação homologada foi feita com eles).
SO_ANTES_DA_HOMOLOGACAO = {
    "desempate": "os critérios de desempate",
    "pcd": "os parâmetros de PcD",
    "informados": "os valores que a lei deixa em aberto",
    "data_referencia_idade": "a data de referência da idade",
    "admite_final_de_fila": "o final de fila",
    "final_de_fila_item": "o item do edital do final de fila",
    "prazo_recurso_dias": "o prazo do recurso contra o parecer da comissão",
    "prioridade_colisao": "as questões que as leis deixam em aberto",
    "base_do_limiar": "as questões que as leis deixam em aberto",
    "dupla_condicao": "as questões que as leis deixam em aberto",
}
# Os dados de um campo só (sem conta entre eles): o nome no registro e o padrão quando vazio.
CONFIGURACOES_SIMPLES: dict[str, tuple[str, Any]] = {
    "data_referencia_idade": ("Data de referência da idade (desempate)", None),
    "admite_final_de_fila": ("O edital admite final de fila", False),
    "final_de_fila_item": ("Item do edital que admite o final de fila", ""),
    "prazo_recurso_dias": (
        "Prazo do recurso contra o parecer da comissão (dias, pelo edital)",
        None,
    ),
    "prioridade_colisao": (
        "Quando um grupo da lei e PcD querem a mesma vaga",
        PrioridadeColisao.LEI_PCD,
    ),
    "base_do_limiar": ("Mínimo de vagas da reserva contado sobre", BaseDoLimiar.TODAS_OFERTADAS),
    "dupla_condicao": (
        "Candidato de um grupo da lei e com deficiência chamado pelas duas listas",
        DuplaCondicao.LISTA_QUE_NOMEIA_ANTES,
    ),
}


def _texto_configuracao(campo: str, valor: Any) -> str:
    """O valor de um dado simples como a tela o mostra (data, sim/não, o rótulo da escolha)."""
    if valor is None or valor == "":
        return ""
    if isinstance(valor, bool):
        return "sim" if valor else "não"
    if isinstance(valor, date):
        return _data_br(valor)
    escolhas = dict(getattr(Certame._meta.get_field(campo), "choices", None) or ())
    return str(escolhas.get(valor, valor))


def _configuracoes_pedidas(dados: dict[str, Any]) -> dict[str, Any]:
    """Os dados simples do pedido, com o padrão no lugar do vazio; o item do final de fila só
    quando o edital o admite."""
    pedidas = {
        campo: padrao if dados[campo] in (None, "") else dados[campo]
        for campo, (_rotulo, padrao) in CONFIGURACOES_SIMPLES.items()
        if campo in dados
    }
    if pedidas.get("admite_final_de_fila") is False and "final_de_fila_item" in pedidas:
        pedidas["final_de_fila_item"] = ""
    if isinstance(pedidas.get("final_de_fila_item"), str):
        pedidas["final_de_fila_item"] = pedidas["final_de_fila_item"].strip()
    return pedidas


def _texto_desempate(criterios: Any) -> str:
    return ", ".join(f"{c}:{s}" for c, s in criterios or [])


def _pcd_gravado(certame: Certame) -> tuple[Decimal, str, Decimal] | None:
    if certame.pcd_percentual is None:
        return None
    teto = certame.pcd_teto if certame.pcd_teto is not None else Decimal(20)
    return (certame.pcd_percentual, certame.pcd_arredondamento or "cima", teto)


def _texto_pcd(pcd: tuple[Decimal, str, Decimal] | None) -> str:
    if pcd is None:
        return "o edital não reserva"
    percentual, arredondamento, teto = pcd
    return (
        f"{percentual.normalize():f}%, arredondamento {arredondamento}, teto {teto.normalize():f}%"
    )


def _texto_informado(valor: Any) -> str:
    if not valor:
        return ""
    v = valor.get("valor")
    texto = ", ".join(map(str, v)) if isinstance(v, list) else str(v)
    return f"{texto} (justificativa: {valor.get('justificativa', '')})"


def _alteracoes_de_antes_da_homologacao(certame: Certame, dados: dict[str, Any]) -> list[Alteracao]:
    """Os critérios de desempate, a PcD e os valores em aberto da lei pedidos (os ausentes não
    mudam)."""
    mudancas = []
    if "desempate" in dados:
        antes = _texto_desempate(certame.desempate)
        depois = _texto_desempate(dados["desempate"])
        if antes != depois:
            mudancas.append(Alteracao("Critérios de desempate", antes, depois))
    if "pcd" in dados:
        antes_pcd, depois_pcd = _pcd_gravado(certame), dados["pcd"]
        if _texto_pcd(antes_pcd) != _texto_pcd(depois_pcd):
            mudancas.append(
                Alteracao("PcD (edital)", _texto_pcd(antes_pcd), _texto_pcd(depois_pcd))
            )
    if "informados" in dados:
        gravados, pedidos = certame.informados or {}, dados["informados"] or {}
        for nome in sorted(set(gravados) | set(pedidos)):
            antes, depois = (
                _texto_informado(gravados.get(nome)),
                _texto_informado(pedidos.get(nome)),
            )
            if antes != depois:
                mudancas.append(Alteracao(f"Valor em aberto da lei: {nome}", antes, depois))
    for campo, valor in _configuracoes_pedidas(dados).items():
        if valor != getattr(certame, campo):
            mudancas.append(
                Alteracao(
                    CONFIGURACOES_SIMPLES[campo][0],
                    _texto_configuracao(campo, getattr(certame, campo)),
                    _texto_configuracao(campo, valor),
                )
            )
    return mudancas


def _aplicar_o_de_antes_da_homologacao(certame: Certame, dados: dict[str, Any]) -> None:
    """Grava desempate, PcD e valores em aberto, conferidos: com candidatos importados, um
    critério de desempate novo (que o arquivo importado não traz) é recusado; a lei, pelo motor,
    recusa o que não admite."""
    if "desempate" in dados:
        novos = [[c, s] for c, s in dados["desempate"]]
        importados = {str(c) for c, _ in certame.desempate}
        faltam = [c for c, _ in novos if c not in importados]
        if faltam and certame.candidatos.exists():
            raise ValidationError(
                f"Critério de desempate {', '.join(faltam)}: o arquivo de candidatos já "
                "importado não o traz. Remova a importação (Candidatos), corrija os critérios e "
                "importe de novo o arquivo com a coluna."
            )
        certame.desempate = novos
    if "pcd" in dados:
        pcd = dados["pcd"]
        certame.pcd_percentual = pcd[0] if pcd else None
        certame.pcd_arredondamento = pcd[1] if pcd else ""
        certame.pcd_teto = pcd[2] if pcd else None
    if "informados" in dados:
        certame.informados = dados["informados"] or {}
    for campo, valor in _configuracoes_pedidas(dados).items():
        setattr(certame, campo, valor)
    _conferir_escolhas(None, certame.dupla_condicao, certame.data_edital, None)
    try:
        regras = leis.regras_do_certame(certame)
    except ErroCotas as erro:
        raise ValidationError(str(erro)) from erro
    _conferir_prazo_do_recurso(regras, certame.prazo_recurso_dias)


def _conferir_prazo_do_recurso(regras: Any, prazo: int | None) -> None:
    """O prazo do recurso pelo edital só quando a lei prevê comissão e não fixa o prazo: um
    prazo do edital ao lado do da lei seria um segundo prazo que ninguém aplica."""
    if prazo is None:
        return
    if regras.comissao is None:
        raise ValidationError(
            {
                "prazo_recurso_dias": f"{regras.lei.titulo} não prevê comissão de "
                "heteroidentificação: deixe o prazo do recurso em branco."
            }
        )
    if regras.comissao.recurso_prazo_dias is not None:
        citacao = "; ".join(r.citacao() for r in regras.comissao.ref("recurso_prazo_dias"))
        raise ValidationError(
            {
                "prazo_recurso_dias": "O prazo do recurso já vem da lei do certame (ou do valor "
                f"que ela deixa em aberto, informado neste formulário): "
                f"{regras.comissao.recurso_prazo_dias} dias ({citacao}). Deixe este campo em "
                "branco."
            }
        )


def _apagar_cargos(certame: Certame, apagar: list[int]) -> list[Alteracao]:
    """Apaga os cargos pedidos: só os sem candidatos, vagas oferecidas nem nomeações."""
    mudancas, erros = [], []
    for cargo in certame.cargos.filter(pk__in=apagar).order_by("codigo"):
        n = cargo.candidatos.count()
        if n or cargo.ofertas.exists() or cargo.nomeacoes.exists():
            erros.append(
                f"O cargo {cargo.codigo} não se apaga: "
                + (
                    f"tem {n} candidato(s) importado(s) (remova a importação antes)."
                    if n
                    else "já tem vagas oferecidas."
                )
            )
            continue
        mudancas.append(
            Alteracao(
                f"Cargo {cargo.codigo}",
                f"{cargo.nome}, {cargo.vagas_edital} vaga(s) do edital",
                "apagado",
            )
        )
    if erros:
        raise ValidationError(erros)
    certame.cargos.filter(pk__in=apagar).delete()
    return mudancas


def _aplicar(
    certame: Certame, *, dados: dict[str, Any], cargos: dict[int, tuple[str, int]]
) -> list[str]:
    """Grava o pedido; devolve o que mudou de lei (vazio: a mesma)."""
    notas = []
    if "data_edital" in dados and dados["data_edital"] != certame.data_edital:
        notas = _trocar_data_do_edital(certame, dados["data_edital"])
    if any(k in dados for k in SO_ANTES_DA_HOMOLOGACAO):
        _aplicar_o_de_antes_da_homologacao(certame, dados)
    for campo in ("nome", "validade_ate"):
        if campo in dados:
            valor = dados[campo].strip() if campo == "nome" else dados[campo]
            setattr(certame, campo, valor)
    if certame.validade_ate is not None and certame.validade_ate < certame.data_edital:
        raise ValidationError("A validade não pode terminar antes da publicação do edital.")
    certame.save()
    for cargo in certame.cargos.all():
        if cargo.pk in cargos:
            cargo.nome, cargo.vagas_edital = cargos[cargo.pk][0].strip(), cargos[cargo.pk][1]
            cargo.save(update_fields=["nome", "vagas_edital"])
    return notas


def _trocar_data_do_edital(certame: Certame, data_edital: date) -> list[str]:
    """A data do edital decide a lei: a nova data pode trazer outra. Com candidatos já
    importados, outra lei é recusada (as colunas exigidas e a comissão mudariam): remova a
    importação antes."""
    try:
        regras = leis.regras_para(
            municipio=certame.municipio,
            data_edital=data_edital,
            tipo=certame.tipo,
            pcd_percentual=certame.pcd_percentual,
            pcd_arredondamento=certame.pcd_arredondamento,
            pcd_teto=certame.pcd_teto,
            base_do_limiar=certame.base_do_limiar,
        )
    except ErroCotas as erro:
        raise ValidationError(str(erro)) from erro
    certame.data_edital = data_edital
    if regras.lei.id == certame.lei_id:
        return []
    if certame.candidatos.exists():
        raise ValidationError(
            f"Com o edital em {data_edital:%d/%m/%Y} a lei aplicada passa a ser "
            f"{regras.lei.titulo}, e já há candidatos importados pela lei atual "
            f"({certame.lei_titulo}): remova a importação antes de trocar a data."
        )
    anterior = certame.lei_titulo
    certame.lei_id = regras.lei.id
    certame.lei_titulo = regras.lei.titulo
    certame.exige_comissao = regras.comissao is not None
    return [
        f"Lei aplicada: {anterior} → {regras.lei.titulo} "
        f"({regras.lei.referencia_vigencia.citacao()})."
    ]


# A recusa de corrigir depois da homologação, a mesma no service e na tela.
MENSAGEM_DEPOIS_DA_HOMOLOGACAO = (
    "O certame foi homologado em {data:%d/%m/%Y}: a correção direta não vale mais. O nome e a "
    "validade mudam só por um ato de retificação publicado, registrado em “Retificação”, com a "
    "data e o fundamento; os critérios de desempate, a PcD, o prazo do recurso, as questões e "
    "os valores que a lei deixa em aberto e os cargos não mudam nem por retificação (a "
    "classificação homologada foi feita com eles)."
)


@transaction.atomic
def certame_corrigir(
    *,
    usuario: User,
    certame: Certame,
    dados: dict[str, Any],
    cargos: dict[int, tuple[str, int]],
    motivo: str,
    cargos_apagar: list[int] | None = None,
) -> list[Alteracao]:
    """Antes da homologação, corrige os dados do certame (nome, data do edital, que decide a
    lei, validade; os critérios de desempate, a PcD e os valores que a lei deixa em aberto) e
    dos cargos (nome, vagas do edital; apaga o que não tem candidatos nem vagas oferecidas), com
    o registro do antes e do depois. Depois dela, só por retificação (`retificacao_registrar`),
    que não muda desempate, PcD, valores em aberto nem cargos."""
    certame = certame_travar(certame.pk)
    if certame.homologado:
        raise ValidationError(MENSAGEM_DEPOIS_DA_HOMOLOGACAO.format(data=certame.homologado_em))
    apagar = list(cargos_apagar or [])
    cargos = {pk: v for pk, v in cargos.items() if pk not in apagar}
    mudancas = alteracoes_pedidas(certame, dados=dados, cargos=cargos)
    if not mudancas and not apagar:
        raise ValidationError("Nada mudou: os dados pedidos são os que já estão gravados.")
    if not motivo.strip():
        raise ValidationError("Diga por que os dados são corrigidos.")
    mudancas += _apagar_cargos(certame, apagar)
    notas = _aplicar(certame, dados=dados, cargos=cargos)
    if certame.candidatos.exists():
        reencenacao.conferir_no_motor(certame)
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.CERTAME_CORRIGIDO,
        descricao=(
            "Dados corrigidos antes da homologação: "
            + "; ".join(str(m) for m in mudancas)
            + ". "
            + " ".join(notas)
            + f" Motivo: {motivo.strip()}"
        ),
        fundamento=leis.regras_do_certame(certame).lei.referencia_vigencia.citacao(),
        dados={"alteracoes": [m.como_dado() for m in mudancas]},
    )
    return mudancas


def retificacao_conferir(
    *,
    certame: Certame,
    data: date,
    fundamento: str,
    dados: dict[str, Any],
    cargos: dict[int, tuple[str, int]],
) -> list[Alteracao]:
    """O que a retificação mudaria, ou a recusa, cada erro no campo a que se refere: a tela a
    chama antes da página de confirmação (nada se pergunta para depois ser recusado) e o ato, de
    novo, sob a trava."""
    if not certame.homologado:
        raise ValidationError("O certame ainda não foi homologado: corrija os dados diretamente.")
    erros: dict[str, list[str]] = {}
    if not fundamento.strip():
        erros["fundamento"] = ["Informe o fundamento da retificação (o texto do ato)."]
    if data < certame.homologado_em:  # type: ignore[operator]
        erros["data"] = [
            f"Retificação em {data:%d/%m/%Y} recusada: é anterior à homologação, de "
            f"{certame.homologado_em:%d/%m/%Y}."
        ]
    else:
        try:
            datas.exigir_ate_hoje(data, "Retificação")
        except ValidationError as erro:
            erros["data"] = erro.messages
    validade = dados.get("validade_ate", certame.validade_ate)
    if validade is not None and validade < certame.data_edital:
        erros["validade_ate"] = ["A validade não pode terminar antes da publicação do edital."]
    elif validade is not None and validade != certame.validade_ate:
        try:
            datas.exigir_validade_depois_dos_atos(certame, validade)
        except ValidationError as erro:
            erros["validade_ate"] = erro.messages
    for cargo in certame.cargos.all():
        if (
            cargo.pk in cargos
            and cargos[cargo.pk][1] != cargo.vagas_edital
            and cargo.ofertas.filter(do_edital=True).exists()
        ):
            erros[f"cargo_{cargo.pk}_vagas"] = [
                f"As vagas do edital de {cargo.codigo} já foram oferecidas: vagas a mais são "
                "novas vagas (ato próprio, no painel de nomeações)."
            ]
    if erros:
        raise ValidationError(erros)
    dados = {k: v for k, v in dados.items() if k != "data_edital"}
    fixos = sorted(
        {
            SO_ANTES_DA_HOMOLOGACAO[k]
            for k in SO_ANTES_DA_HOMOLOGACAO
            if k in dados and _alteracoes_de_antes_da_homologacao(certame, {k: dados[k]})
        }
    )
    if fixos:
        raise ValidationError(
            f"Depois da homologação (em {certame.homologado_em:%d/%m/%Y}) {', '.join(fixos)} "
            "não mudam, nem por retificação: a classificação homologada foi feita com eles."
        )
    mudancas = alteracoes_pedidas(certame, dados=dados, cargos=cargos)
    if not mudancas:
        raise ValidationError("Nada mudou: os dados pedidos são os que já estão gravados.")
    return mudancas


@transaction.atomic
def retificacao_registrar(
    *,
    usuario: User,
    certame: Certame,
    data: date,
    fundamento: str,
    dados: dict[str, Any],
    cargos: dict[int, tuple[str, int]],
) -> Retificacao:
    """Depois da homologação, um dado do certame muda só por retificação: o ato com o seu
    fundamento (texto e data), registrado e mostrado na página pública. A data do edital (que
    decide a lei) não se retifica; as vagas do edital, só antes de oferecidas (depois, vagas a
    mais são novas vagas, ato próprio)."""
    certame = certame_travar(certame.pk)
    mudancas = retificacao_conferir(
        certame=certame, data=data, fundamento=fundamento, dados=dados, cargos=cargos
    )
    dados = {k: v for k, v in dados.items() if k != "data_edital"}
    _aplicar(certame, dados=dados, cargos=cargos)
    retificacao = Retificacao.objects.create(
        certame=certame,
        data=data,
        fundamento=fundamento.strip(),
        alteracoes=[m.como_dado() for m in mudancas],
        usuario=usuario,
    )
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.CERTAME_RETIFICADO,
        descricao=(f"Retificação de {data:%d/%m/%Y}: " + "; ".join(str(m) for m in mudancas) + "."),
        fundamento=fundamento.strip(),
        dados={"retificacao": retificacao.pk},
    )
    return retificacao


# ---------------------------------------------------------------- o edital como dado

MENSAGEM_EDITAL_DEPOIS_DA_HOMOLOGACAO = (
    "O certame foi homologado em {data:%d/%m/%Y}: o edital como dado não muda mais (a "
    "classificação homologada foi feita com os valores dele)."
)


@transaction.atomic
def certame_edital_adotar(
    *, usuario: User, certame: Certame, edital: EditalLido, motivo: str
) -> list[Alteracao]:
    """Adota (ou troca) o edital como dado do certame, até a homologação, com o registro do
    antes e do depois: o arquivo, o sha256 e o modelo na versão usada (o modelo enviado fica
    guardado na instalação). A data do certame passa a ser a do edital (outra lei, só sem
    candidatos importados); o valor informado pelo operador igual ao do edital novo sai (vale o
    edital); o diferente fica, e o substitui. O motor confere o certame com os valores novos."""
    certame = certame_travar(certame.pk)
    if certame.homologado:
        raise ValidationError(
            MENSAGEM_EDITAL_DEPOIS_DA_HOMOLOGACAO.format(data=certame.homologado_em)
        )
    if not motivo.strip():
        raise ValidationError({"motivo": "Diga por que o certame adota este edital."})
    antes = _edital_como_dado(certame)
    if (
        antes is not None
        and antes["sha256"] == edital.sha256
        and (edital.edital.modelo is None or certame.modelo_sha256 == edital.edital.modelo.sha256)
    ):
        raise ValidationError("Nada mudou: o edital enviado é o que o certame já tem.")
    mudancas = _trocar_a_data_pelo_edital(certame, edital)
    saem = _informados_iguais_ao_edital(certame, edital)
    for nome in saem:
        mudancas.append(
            Alteracao(
                f"Valor informado pelo operador: {nome}",
                _texto_informado(certame.informados[nome]),
                f"o do {edital.edital.referencia(nome).citacao()}",
            )
        )
    certame.informados = {k: v for k, v in (certame.informados or {}).items() if k not in saem}
    certame.save()
    _gravar_edital(usuario, certame, edital)
    try:
        regras = leis.regras_do_certame(certame)
    except ErroCotas as erro:
        raise ValidationError(str(erro)) from erro
    certame.exige_comissao = regras.comissao is not None
    certame.save(update_fields=["exige_comissao"])
    _conferir_prazo_do_recurso(regras, certame.prazo_recurso_dias)
    if certame.candidatos.exists():
        reencenacao.conferir_no_motor(certame)
    depois = _edital_como_dado(certame)
    mudancas.insert(
        0,
        Alteracao(
            "Edital como dado",
            _texto_do_edital(antes),
            f"{edital.edital.norma}: {_texto_do_edital(depois)}",
        ),
    )
    registrar(
        usuario=usuario,
        certame=certame,
        acao=AcaoAuditada.EDITAL_ADOTADO,
        descricao=(
            f"{edital.edital.norma} adotado como dado do certame: "
            + "; ".join(str(m) for m in mudancas)
            + f". Motivo: {motivo.strip()}"
        ),
        fundamento=edital.edital.norma,
        dados={"antes": antes, "depois": depois, "alteracoes": [m.como_dado() for m in mudancas]},
    )
    return mudancas


def _texto_do_edital(dado: dict[str, Any] | None) -> str:
    """O edital no histórico: o arquivo, o sha256 e o modelo com a versão."""
    if dado is None:
        return "nenhum"
    modelo = dado.get("modelo")
    segue = f", modelo {modelo['id']}@{modelo['versao']}" if modelo else ""
    return f"{dado['arquivo']} (sha256 {str(dado['sha256'])[:12]}…{segue})"


def _trocar_a_data_pelo_edital(certame: Certame, edital: EditalLido) -> list[Alteracao]:
    """A data do certame é a do edital: a nova data pode trazer outra lei, que tem de ser a do
    edital, e com candidatos importados não se troca a lei (as colunas e a comissão mudariam)."""
    data = edital.edital.data
    try:
        lei = catalogo.lei_do_certame(None, certame.municipio, data)
    except ErroCotas as erro:
        raise ValidationError(str(erro)) from erro
    if lei.id != edital.edital.lei:
        raise ValidationError(
            f"O {edital.edital.norma} aplica {edital.edital.lei}, mas a lei do certame "
            f"({certame.municipio}) para um edital de {data:%d/%m/%Y} é {lei.titulo}."
        )
    mudancas = []
    if data != certame.data_edital:
        mudancas.append(
            Alteracao("Data de publicação do edital", _data_br(certame.data_edital), _data_br(data))
        )
        certame.data_edital = data
    if lei.id != certame.lei_id:
        if certame.candidatos.exists():
            raise ValidationError(
                f"Com o {edital.edital.norma} a lei aplicada passa a ser {lei.titulo}, e já há "
                f"candidatos importados pela lei atual ({certame.lei_titulo}): remova a "
                "importação antes de trocar o edital."
            )
        mudancas.append(Alteracao("Lei aplicada", certame.lei_titulo, lei.titulo))
        certame.lei_id, certame.lei_titulo = lei.id, lei.titulo
    if certame.validade_ate is not None and certame.validade_ate < certame.data_edital:
        raise ValidationError("A validade não pode terminar antes da publicação do edital.")
    return mudancas


def _informados_iguais_ao_edital(certame: Certame, edital: EditalLido) -> list[str]:
    """Os valores informados pelo operador que o edital novo diz igual (vale o edital)."""
    lei = catalogo.catalogo().lei(edital.edital.lei)
    usados = set(leis.usados_do_edital(edital.edital))
    saem = []
    grupos = [g.nome for g in lei.grupos]
    for nome, informado in (certame.informados or {}).items():
        if nome not in usados or not isinstance(informado, dict):
            continue
        espec = especificacao_de(nome, grupos)
        tipo = espec.forma.tipo if espec is not None else ""
        if editais.mesmo_valor(tipo, informado.get("valor"), edital.edital.valores[nome].valor):
            saem.append(nome)
    return saem
